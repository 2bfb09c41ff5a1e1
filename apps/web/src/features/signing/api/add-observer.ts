import { SignatureRequest } from '@signet/contracts/signature-requests';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v3/signature-requests/{id}/observers (owner). */
export function addObserver(id: string, email: string) {
  return apiRequest(
    `/v3/signature-requests/${encodeURIComponent(id)}/observers`,
    { method: 'POST', body: { email } },
    SignatureRequest,
  );
}
