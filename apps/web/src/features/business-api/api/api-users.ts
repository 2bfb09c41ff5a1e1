import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiUser } from '@signet/contracts/business-api-users';
import { businessApiUserEndpoints } from '@signet/contracts/endpoints/business-api-users';
import { callApi } from '../../../lib/api-client.ts';

const apiUsersKey = (businessId: string) => ['business', businessId, 'api-users'] as const;

/** The business's API users, without their secrets. */
export function useApiUsers(businessId: string) {
  return useQuery({
    queryKey: apiUsersKey(businessId),
    queryFn: async () =>
      (await callApi(businessApiUserEndpoints.listApiUsers, { params: { businessId }, retry: true }))
        .apiUsers,
  });
}

/**
 * A change's answer replaces (or, deleted, drops) that API user in the cached list: no second
 * call. The answer of create and reset carries the secret; it is never put into the cache.
 */
function useApiUserChange<T, R extends ApiUser | string>(
  businessId: string,
  change: (value: T) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (answer: R) =>
      queryClient.setQueryData<ApiUser[]>(apiUsersKey(businessId), (list = []) => {
        const result: ApiUser | string = answer;
        if (typeof result === 'string') return list.filter((user) => user.username !== result);
        const { secret: _secret, ...apiUser } = result as ApiUser & { secret?: string };
        const others = list.filter((user) => user.username !== apiUser.username);
        return [...others, apiUser].sort((a, b) => a.username.localeCompare(b.username));
      }),
    onError: () => queryClient.invalidateQueries({ queryKey: apiUsersKey(businessId) }),
  });
}

export function useCreateApiUser(businessId: string) {
  return useApiUserChange(businessId, (body: { username: string; description: string }) =>
    callApi(businessApiUserEndpoints.createApiUser, { params: { businessId }, body }),
  );
}

export function useResetApiUser(businessId: string) {
  return useApiUserChange(businessId, (username: string) =>
    callApi(businessApiUserEndpoints.resetApiUser, { params: { businessId, username } }),
  );
}

export function useDeleteApiUser(businessId: string) {
  return useApiUserChange(businessId, async (username: string) => {
    await callApi(businessApiUserEndpoints.deleteApiUser, { params: { businessId, username } });
    return username;
  });
}
