import { useMutation } from '@tanstack/react-query';
import type { BodyOf } from '@signet/contracts/endpoint';
import { accountEndpoints } from '@signet/contracts/endpoints/accounts';
import { callApi } from '../../../lib/api-client.ts';

/** Sign in: 401 INVALID_CREDENTIALS; 429 TOO_MANY_ATTEMPTS with Retry-After. */
export function useLogin() {
  return useMutation({
    mutationFn: async (body: NonNullable<BodyOf<typeof accountEndpoints.login>>) => {
      const answer = await callApi(accountEndpoints.login, { body });
      // The other answer (an API user's token) comes only for an API user's Basic credentials.
      if (!('deviceToken' in answer)) throw new Error('The sign-in answered with an API user token.');
      return answer;
    },
  });
}
