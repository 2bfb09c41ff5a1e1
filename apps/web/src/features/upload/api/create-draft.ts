import { useMutation } from '@tanstack/react-query';
import { SignatureRequest } from '@signet/contracts/signature-requests';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v3/signature-requests: a DRAFT with the uploaded documents (signers follow in the editor). */
export function createDraft(title: string, documentIds: readonly string[]) {
  return apiRequest(
    '/v3/signature-requests',
    { method: 'POST', body: { title, documents: documentIds.map((id) => ({ id })) } },
    SignatureRequest,
  );
}

export function useCreateDraft() {
  return useMutation({
    mutationFn: ({ title, documentIds }: { title: string; documentIds: readonly string[] }) =>
      createDraft(title, documentIds),
  });
}
