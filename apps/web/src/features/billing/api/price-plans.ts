import { useQuery } from '@tanstack/react-query';
import type { Currency } from '@signet/contracts/billing';
import { billingEndpoints } from '@signet/contracts/endpoints/billing';
import { callApi } from '../../../lib/api-client.ts';

/** The catalogue in one currency (GET /v2/businesses/price_plans); it changes rarely. */
export function usePricePlans(currency: Currency) {
  return useQuery({
    queryKey: ['price-plans', currency],
    queryFn: () => callApi(billingEndpoints.listPricePlans, { query: { currency }, retry: true }),
    staleTime: 10 * 60_000,
  });
}
