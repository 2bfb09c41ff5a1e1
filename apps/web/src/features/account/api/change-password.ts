import { useMutation } from '@tanstack/react-query';
import type { BodyOf } from '@signet/contracts/endpoint';
import { accountEndpoints } from '@signet/contracts/endpoints/accounts';
import { callApi } from '../../../lib/api-client.ts';

/** Needs the current password; other sessions are signed out. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof accountEndpoints.changePassword>) =>
      callApi(accountEndpoints.changePassword, { body }),
  });
}
