import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SignatureRequest, UpdateSignatureRequestBody } from '@signet/contracts/signature-requests';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { signatureRequestQueryKey } from '../../../lib/api/get-signature-request.ts';
import { userAccess } from '../../../lib/signing-access.ts';

export type UpdateSignatureRequestInput = z.input<typeof UpdateSignatureRequestBody>;

/**
 * PUT /v3/signature-requests/{id} (while nobody signed): 400 VALIDATION_FAILED with the field,
 * 409 ALREADY_A_SIGNER for a person listed twice, 409 REQUEST_NOT_EDITABLE once somebody signed.
 */
export function updateSignatureRequest(
  id: string,
  body: UpdateSignatureRequestInput,
): Promise<SignatureRequest> {
  return apiRequest(
    `/v3/signature-requests/${encodeURIComponent(id)}`,
    { method: 'PUT', body },
    SignatureRequest,
  );
}

export function useUpdateSignatureRequest(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSignatureRequestInput) => updateSignatureRequest(id, body),
    onSuccess: (request) => client.setQueryData(signatureRequestQueryKey(userAccess, id), request),
  });
}
