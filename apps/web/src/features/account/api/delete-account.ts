import { useMutation } from '@tanstack/react-query';
import { accountEndpoints } from '@signet/contracts/endpoints/accounts';
import { callApi } from '../../../lib/api-client.ts';

/** Deletes the account (password required); what happens to the requests is the API's description. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) => callApi(accountEndpoints.deleteUser, { body: { password } }),
  });
}
