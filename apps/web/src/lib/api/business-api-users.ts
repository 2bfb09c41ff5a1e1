import { useQuery } from '@tanstack/react-query';
import { businessApiUserEndpoints } from '@signet/contracts/endpoints/business-api-users';
import { callApi } from '../api-client.ts';

/** One cache entry for the business's API users: the developers page and the seal page read it. */
export const apiUsersKey = (businessId: string) => ['business', businessId, 'api-users'] as const;

/** The business's API users (admins), without their secrets. */
export function useApiUsers(businessId: string) {
  return useQuery({
    queryKey: apiUsersKey(businessId),
    queryFn: async () =>
      (await callApi(businessApiUserEndpoints.listApiUsers, { params: { businessId }, retry: true }))
        .apiUsers,
  });
}
