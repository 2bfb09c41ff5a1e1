import { signatureRequestEndpoints } from '@signet/contracts/endpoints/signature-requests';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { callApi } from '../../../lib/api-client.ts';

/**
 * Deletes the requests (the owner's drafts and finished ones), then the documents of those that
 * were deleted (deleting a request leaves its documents; `deleteDocuments` is the documents
 * feature's call, passed in by the route). Every deletion is attempted; the first failure is
 * rethrown afterwards.
 */
export async function deleteRequestsAndDocuments(
  requests: readonly Pick<SignatureRequest, 'id' | 'documents'>[],
  deleteDocuments: (ids: readonly string[]) => Promise<void>,
): Promise<void> {
  const results = await Promise.allSettled(
    requests.map((request) =>
      callApi(signatureRequestEndpoints.deleteSignatureRequest, { params: { id: request.id } }),
    ),
  );
  const deleted = requests.filter((_, index) => results[index]?.status === 'fulfilled');
  const documentIds = deleted.flatMap((request) => request.documents.map((document) => document.id));
  if (documentIds.length) await deleteDocuments(documentIds);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}
