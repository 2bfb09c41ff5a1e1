import type { ApiUser } from '@signet/contracts/business-api-users';
import { businessApiUserEndpoints } from '@signet/contracts/endpoints/business-api-users';
import { callApi } from '../../../lib/api-client.ts';
import { apiUsersKey } from '../../../lib/api/business-api-users.ts';
import { useCachedListChange } from '../../../lib/cached-list-change.ts';

/** A change of one API user in the cached list; the secret of create and reset never enters it. */
function useApiUserChange<Answer extends ApiUser | string, Value>(
  businessId: string,
  change: (value: Value) => Promise<Answer>,
) {
  return useCachedListChange({
    queryKey: apiUsersKey(businessId),
    keyOf: (user: ApiUser) => user.username,
    change,
    toItem: (answer) => {
      const { secret: _secret, ...apiUser } = answer as ApiUser & { secret?: string };
      return apiUser;
    },
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
