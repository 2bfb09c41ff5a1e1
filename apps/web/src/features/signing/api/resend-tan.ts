import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { accessOptions, type SigningAccess } from '../../../lib/signing-access.ts';

const TanState = z.object({ status: z.string(), remainingAttempts: z.number().int() });

/** POST /api/resend/{responseId} or /v1/direct/tan/resend: a new SMS; the previous code stops working. */
export function resendTan(access: SigningAccess, responseId: string) {
  if (access.kind === 'direct')
    return apiRequest(
      '/v1/direct/tan/resend',
      accessOptions(access, { method: 'POST', body: { responseId } }),
      TanState,
    );
  return apiRequest(`/resend/${encodeURIComponent(responseId)}`, { method: 'POST' }, TanState);
}
