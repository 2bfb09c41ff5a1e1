import { useMutation } from '@tanstack/react-query';
import type { BodyOf } from '@signet/contracts/endpoint';
import { accountEndpoints } from '@signet/contracts/endpoints/accounts';
import { callApi } from '../../../lib/api-client.ts';

/** Mails the signup link. */
export function useRequestConfirmation() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof accountEndpoints.requestConfirmation>) =>
      callApi(accountEndpoints.requestConfirmation, { body }),
  });
}
