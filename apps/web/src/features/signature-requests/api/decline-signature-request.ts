import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v3/signature-requests/{id}/decline with the signer's reason. */
export function declineSignatureRequest(id: string, message: string): Promise<void> {
  return apiRequest(`/v3/signature-requests/${encodeURIComponent(id)}/decline`, {
    method: 'POST',
    body: { message },
  });
}
