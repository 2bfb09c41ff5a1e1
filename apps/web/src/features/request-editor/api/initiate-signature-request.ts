import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SignatureRequest } from '@signet/contracts/signature-requests';
import { apiRequest } from '../../../lib/api-client.ts';
import { signatureRequestQueryKey } from '../../../lib/api/get-signature-request.ts';
import { userAccess } from '../../../lib/signing-access.ts';

/** POST /v3/signature-requests/{id}/initiate: DRAFT → OPEN, fields added, signers invited. */
export function initiateSignatureRequest(id: string): Promise<SignatureRequest> {
  return apiRequest(
    `/v3/signature-requests/${encodeURIComponent(id)}/initiate`,
    { method: 'POST' },
    SignatureRequest,
  );
}

export function useInitiateSignatureRequest(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => initiateSignatureRequest(id),
    onSuccess: async (request) => {
      client.setQueryData(signatureRequestQueryKey(userAccess, id), request);
      // Lists (dashboard) show the request as open now.
      await client.invalidateQueries({ queryKey: ['signature-requests'], refetchType: 'none' });
    },
  });
}
