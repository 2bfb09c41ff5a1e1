import { useMutation } from '@tanstack/react-query';
import type { BodyOf } from '@signet/contracts/endpoint';
import { accountEndpoints } from '@signet/contracts/endpoints/accounts';
import { callApi } from '../../../lib/api-client.ts';

/** Sign in: 401 INVALID_CREDENTIALS; 429 TOO_MANY_ATTEMPTS with Retry-After. */
export function useLogin() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof accountEndpoints.login>) => callApi(accountEndpoints.login, { body }),
  });
}
