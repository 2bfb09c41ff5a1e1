import { useQuery } from '@tanstack/react-query';
import { billingEndpoints } from '@signet/contracts/endpoints/billing';
import { callApi } from '../../../lib/api-client.ts';
import { billingKey } from './billing-keys.ts';

/** The business's invoices, newest first, each with its PDF (GET …/billing/invoices). */
export function useInvoices(businessId: string) {
  return useQuery({
    queryKey: [...billingKey(businessId), 'invoices'],
    queryFn: async () =>
      (await callApi(billingEndpoints.invoices, { params: { businessId }, retry: true })).invoices,
  });
}
