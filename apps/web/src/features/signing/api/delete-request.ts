import { apiRequest } from '../../../lib/api-client.ts';

/** DELETE /v3/signature-requests/{id} (owner; drafts and closed requests). */
export function deleteRequest(id: string): Promise<void> {
  return apiRequest(`/v3/signature-requests/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
