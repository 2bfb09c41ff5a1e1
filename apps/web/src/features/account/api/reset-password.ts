import { useMutation } from '@tanstack/react-query';
import type { BodyOf } from '@signet/contracts/endpoint';
import { accountEndpoints } from '@signet/contracts/endpoints/accounts';
import { callApi } from '../../../lib/api-client.ts';

/** Sets a new password with the mailed token. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof accountEndpoints.resetPassword>) =>
      callApi(accountEndpoints.resetPassword, { body }),
  });
}
