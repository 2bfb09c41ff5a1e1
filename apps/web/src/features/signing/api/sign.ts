import type { z } from 'zod';
import { SignResult, type SignBody } from '@signet/contracts/signing';
import { apiRequest } from '../../../lib/api-client.ts';
import { accessOptions, accessPath, type SigningAccess } from '../access.ts';

export type SignInput = z.input<typeof SignBody>;
export type SignOutcome = z.infer<typeof SignResult>;

/** POST /v3/sign (or /v3/direct/sign): SUCCESS, or TAN_REQUIRED with the step-up to answer (QES). */
export function sign(access: SigningAccess, body: SignInput): Promise<SignOutcome> {
  return apiRequest(
    accessPath(access, '/v3/sign'),
    accessOptions(access, { method: 'POST', body }),
    SignResult,
  );
}
