import { useMutation } from '@tanstack/react-query';
import { SignatureRequest } from '@signet/contracts/signature-requests';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /v3/sendto/{id}/claim: the visitor signature becomes the caller's. 409 REQUEST_NOT_EDITABLE
 * when it can no longer be claimed, 409 ALREADY_A_SIGNER when the caller signs the request already.
 */
export function claimSendTo(id: string): Promise<SignatureRequest> {
  return apiRequest(`/v3/sendto/${encodeURIComponent(id)}/claim`, { method: 'POST' }, SignatureRequest);
}

export function useClaimSendTo(id: string) {
  return useMutation({ mutationFn: () => claimSendTo(id) });
}
