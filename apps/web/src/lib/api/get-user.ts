import { queryOptions, useQuery } from '@tanstack/react-query';
import { User } from '@signet/contracts/accounts';
import { apiRequest } from '../api-client.ts';

/** GET /v1/user: the signed-in user. */
export function getUser(): Promise<User> {
  return apiRequest('/v1/user', { retry: true }, User);
}

export const userQueryKey = ['user'] as const;

export const userQueryOptions = queryOptions({ queryKey: userQueryKey, queryFn: getUser, staleTime: 30_000 });

export function useUser() {
  return useQuery(userQueryOptions);
}
