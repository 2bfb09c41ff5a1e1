import { useQuery } from '@tanstack/react-query';
import { billingEndpoints } from '@signet/contracts/endpoints/billing';
import { callApi } from '../../../lib/api-client.ts';
import { billingKey } from './billing-keys.ts';

/** How the admin's business pays (GET /v1/businesses/{id}/billing/information). */
export function useBillingInformation(businessId: string) {
  return useQuery({
    queryKey: [...billingKey(businessId), 'information'],
    queryFn: () => callApi(billingEndpoints.billingInformation, { params: { businessId }, retry: true }),
  });
}
