import { useMutation } from '@tanstack/react-query';
import type { BodyOf } from '@signet/contracts/endpoint';
import { accountEndpoints } from '@signet/contracts/endpoints/accounts';
import { callApi } from '../../../lib/api-client.ts';

/** Mails a reset link when the address has an account (the same answer either way). */
export function useRequestReset() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof accountEndpoints.requestReset>) =>
      callApi(accountEndpoints.requestReset, { body }),
  });
}
