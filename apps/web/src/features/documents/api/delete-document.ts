import { documentEndpoints } from '@signet/contracts/endpoints/documents';
import { callApi } from '../../../lib/api-client.ts';

export function deleteDocument(id: string): Promise<void> {
  return callApi(documentEndpoints.deleteDocument, { params: { id } });
}

/** Deletes several documents; every deletion is attempted, the first failure is rethrown. */
export async function deleteDocuments(ids: readonly string[]): Promise<void> {
  const results = await Promise.allSettled(ids.map(deleteDocument));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}
