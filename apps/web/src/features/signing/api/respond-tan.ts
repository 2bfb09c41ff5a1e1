import { SignResult } from '@signet/contracts/signing';
import { apiRequest } from '../../../lib/api-client.ts';
import { accessOptions, type SigningAccess } from '../access.ts';
import type { SignOutcome } from './sign.ts';

/** POST /api/respond/{responseId} (user) or /v1/direct/tan/check (visitor): the TAN from the SMS. */
export function respondTan(access: SigningAccess, responseId: string, secret: string): Promise<SignOutcome> {
  if (access.kind === 'direct')
    return apiRequest(
      '/v1/direct/tan/check',
      accessOptions(access, { method: 'POST', body: { responseId, secret } }),
      SignResult,
    );
  return apiRequest(
    `/respond/${encodeURIComponent(responseId)}`,
    { method: 'POST', body: { secret } },
    SignResult,
  );
}
