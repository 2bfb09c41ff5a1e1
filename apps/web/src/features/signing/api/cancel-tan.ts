import { apiRequest } from '../../../lib/api-client.ts';
import { accessOptions, type SigningAccess } from '../../../lib/signing-access.ts';

/** POST /api/cancel/{responseId} or /v1/direct/tan/cancel: ends the pending QES signing, frees the request. */
export function cancelTan(access: SigningAccess, responseId: string): Promise<void> {
  if (access.kind === 'direct')
    return apiRequest(
      '/v1/direct/tan/cancel',
      accessOptions(access, { method: 'POST', body: { responseId } }),
    );
  return apiRequest(`/cancel/${encodeURIComponent(responseId)}`, { method: 'POST' });
}
