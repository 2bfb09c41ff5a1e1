import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountEndpoints } from '@signet/contracts/endpoints/accounts';
import { callApi } from '../api-client.ts';

export const userQueryKey = ['user'] as const;

/** The signed-in user. */
export const userQueryOptions = queryOptions({
  queryKey: userQueryKey,
  queryFn: () => callApi(accountEndpoints.getUser, { retry: true }),
  staleTime: 30_000,
});

export function useUser() {
  return useQuery(userQueryOptions);
}
