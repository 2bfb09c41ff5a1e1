import { apiRequest } from '../../../lib/api-client.ts';

/** DELETE /v3/documents/{id}. */
export function deleteDocument(id: string): Promise<void> {
  return apiRequest(`/v3/documents/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Deletes several documents; every deletion is attempted, the first failure is rethrown. */
export async function deleteDocuments(ids: readonly string[]): Promise<void> {
  const results = await Promise.allSettled(ids.map(deleteDocument));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}
