import { SignatureRequest } from '@signet/contracts/signature-requests';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v3/signature-requests/{id}/withdraw (owner): open signers and observers are told. */
export function withdraw(id: string, message: string) {
  return apiRequest(
    `/v3/signature-requests/${encodeURIComponent(id)}/withdraw`,
    { method: 'POST', body: message ? { message } : {} },
    SignatureRequest,
  );
}
