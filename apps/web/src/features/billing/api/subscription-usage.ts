import { useQuery } from '@tanstack/react-query';
import { billingEndpoints } from '@signet/contracts/endpoints/billing';
import { callApi } from '../../../lib/api-client.ts';
import { billingKey } from './billing-keys.ts';

/** Seats, signatures and identifications of the current period (GET …/subscriptions/usage). */
export function useSubscriptionUsage(businessId: string) {
  return useQuery({
    queryKey: [...billingKey(businessId), 'usage'],
    queryFn: () => callApi(billingEndpoints.subscriptionUsage, { params: { businessId }, retry: true }),
  });
}
