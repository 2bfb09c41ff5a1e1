import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signingEndpoints } from '@signet/contracts/endpoints/signing';
import type { Language } from '@signet/contracts/common';
import { callApi } from '../../../lib/api-client.ts';
import { signatureRequestsKey } from './list-signature-requests.ts';

/** Several requests signed at once (SES and AES; QES and Part 11 are signed on their page). */
export function useSignBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, language }: { ids: readonly string[]; language: Language }) =>
      callApi(signingEndpoints.sign, { body: { signatureRequests: ids.map((id) => ({ id })), language } }),
    // Some may have been signed even when a later one failed: the list is read again either way.
    onSettled: () => client.invalidateQueries({ queryKey: signatureRequestsKey }),
  });
}
