import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@signet/contracts/endpoint';
import { signatureRequestEndpoints } from '@signet/contracts/endpoints/signature-requests';
import { callApi } from '../../../lib/api-client.ts';
import { signatureRequestQueryKey } from '../../../lib/api/get-signature-request.ts';
import { userAccess } from '../../../lib/signing-access.ts';

const { updateSignatureRequest } = signatureRequestEndpoints;
export type UpdateSignatureRequestInput = BodyOf<typeof updateSignatureRequest>;

/**
 * Saves the editor (while nobody signed): 400 VALIDATION_FAILED with the field, 409
 * ALREADY_A_SIGNER for a person listed twice, 409 REQUEST_NOT_EDITABLE once somebody signed.
 */
export function useUpdateSignatureRequest(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSignatureRequestInput) =>
      callApi(updateSignatureRequest, { params: { id }, body }),
    onSuccess: (request) => client.setQueryData(signatureRequestQueryKey(userAccess, id), request),
  });
}
