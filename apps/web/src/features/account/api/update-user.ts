import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@signet/contracts/endpoint';
import { accountEndpoints } from '@signet/contracts/endpoints/accounts';
import { callApi } from '../../../lib/api-client.ts';
import { userQueryKey } from '../../../lib/api/get-user.ts';

/** Changes names, attributes, retention or (once confirmed by mail) the e-mail; the answer is the user. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof accountEndpoints.updateUser>) =>
      callApi(accountEndpoints.updateUser, { body }),
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}
