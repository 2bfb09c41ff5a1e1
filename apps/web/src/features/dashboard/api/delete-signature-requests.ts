import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { apiRequest } from '../../../lib/api-client.ts';

/** DELETE /v3/signature-requests/{id} (owner; drafts and finished requests). */
export function deleteSignatureRequest(id: string): Promise<void> {
  return apiRequest(`/v3/signature-requests/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/**
 * Deletes the requests, then the documents of those that were deleted (deleting a request leaves its
 * documents; `deleteDocuments` is the documents feature's call, passed in by the route). Every
 * deletion is attempted; the first failure is rethrown afterwards.
 */
export async function deleteRequestsAndDocuments(
  requests: readonly Pick<SignatureRequest, 'id' | 'documents'>[],
  deleteDocuments: (ids: readonly string[]) => Promise<void>,
): Promise<void> {
  const results = await Promise.allSettled(requests.map((request) => deleteSignatureRequest(request.id)));
  const deleted = requests.filter((_, index) => results[index]?.status === 'fulfilled');
  const documentIds = deleted.flatMap((request) => request.documents.map((document) => document.id));
  if (documentIds.length) await deleteDocuments(documentIds);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}
