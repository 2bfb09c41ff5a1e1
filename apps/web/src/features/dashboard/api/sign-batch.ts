import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SignResult } from '@signet/contracts/signing';
import type { Language } from '@signet/contracts/common';
import { apiRequest } from '../../../lib/api-client.ts';
import { signatureRequestsKey } from './list-signature-requests.ts';

/** POST /v3/sign with several requests at once (SES and AES; QES and Part 11 are signed on their page). */
export function signBatch(ids: readonly string[], language: Language) {
  return apiRequest(
    '/v3/sign',
    { method: 'POST', body: { signatureRequests: ids.map((id) => ({ id })), language } },
    SignResult,
  );
}

export function useSignBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, language }: { ids: readonly string[]; language: Language }) =>
      signBatch(ids, language),
    // Some may have been signed even when a later one failed: the list is read again either way.
    onSettled: () => client.invalidateQueries({ queryKey: signatureRequestsKey }),
  });
}
