import { useMutation } from '@tanstack/react-query';
import { signatureRequestEndpoints } from '@signet/contracts/endpoints/signature-requests';
import { callApi } from '../../../lib/api-client.ts';

/** A DRAFT with the uploaded documents (signers follow in the editor). */
export function useCreateDraft() {
  return useMutation({
    mutationFn: ({ title, documentIds }: { title: string; documentIds: readonly string[] }) =>
      callApi(signatureRequestEndpoints.createSignatureRequest, {
        body: { title, documents: documentIds.map((id) => ({ id })) },
      }),
  });
}
