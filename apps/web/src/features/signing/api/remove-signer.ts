import { apiRequest } from '../../../lib/api-client.ts';

/** DELETE /v3/signature-requests/{id}/signatures/{sid} (owner; not once they signed). */
export function removeSigner(id: string, sid: string): Promise<void> {
  return apiRequest(
    `/v3/signature-requests/${encodeURIComponent(id)}/signatures/${encodeURIComponent(sid)}`,
    { method: 'DELETE' },
  );
}
