import { DeclineResult } from '@signet/contracts/signature-requests';
import { apiRequest } from '../../../lib/api-client.ts';
import { accessOptions, accessPath, type SigningAccess } from '../../../lib/signing-access.ts';

/** POST /v3/(direct/)signature-requests/{id}/decline: answers where to send the signer next. */
export function decline(access: SigningAccess, id: string, message: string) {
  return apiRequest(
    accessPath(access, `/v3/signature-requests/${encodeURIComponent(id)}/decline`),
    accessOptions(access, { method: 'POST', body: message ? { message } : {} }),
    DeclineResult,
  );
}
