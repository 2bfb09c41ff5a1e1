import { useMutation } from '@tanstack/react-query';
import type { BodyOf } from '@signet/contracts/endpoint';
import { accountEndpoints } from '@signet/contracts/endpoints/accounts';
import { callApi } from '../../../lib/api-client.ts';

/** Creates the account from the mailed token and signs it in. */
export function useRegister() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof accountEndpoints.register>) =>
      callApi(accountEndpoints.register, { body }),
  });
}
