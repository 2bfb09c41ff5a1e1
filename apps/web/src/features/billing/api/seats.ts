import { useQuery } from '@tanstack/react-query';
import { billingEndpoints } from '@signet/contracts/endpoints/billing';
import { callApi } from '../../../lib/api-client.ts';
import { billingKey, useBillingChange } from './billing-keys.ts';

/** What changing to `seats` would cost now and at renewal (POST …/seats/preview); none while unset. */
export function useSeatsPreview(businessId: string, seats: number | null) {
  return useQuery({
    queryKey: [...billingKey(businessId), 'seats-preview', seats],
    queryFn: () =>
      callApi(billingEndpoints.seatsPreview, { params: { businessId }, body: { seats: seats ?? 0 } }),
    enabled: seats !== null,
    retry: false,
  });
}

/** Changes the seats of the subscription (PUT …/subscriptions/seats). */
export function useChangeSeats(businessId: string) {
  return useBillingChange(businessId, (seats: number) =>
    callApi(billingEndpoints.changeSeats, { params: { businessId }, body: { seats } }),
  );
}
