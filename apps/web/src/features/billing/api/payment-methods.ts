import { useQuery } from '@tanstack/react-query';
import { billingEndpoints } from '@signet/contracts/endpoints/billing';
import { callApi } from '../../../lib/api-client.ts';
import { billingKey } from './billing-keys.ts';

/** The business's cards and SEPA debits, the default marked (GET …/billing/payment). */
export function usePaymentMethods(businessId: string) {
  return useQuery({
    queryKey: [...billingKey(businessId), 'payment-methods'],
    queryFn: () => callApi(billingEndpoints.paymentMethods, { params: { businessId }, retry: true }),
  });
}
