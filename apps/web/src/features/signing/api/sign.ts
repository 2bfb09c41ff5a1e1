import type { BodyOf, ResponseOf } from '@signet/contracts/endpoint';
import { signingEndpoints } from '@signet/contracts/endpoints/signing';
import { callApi } from '../../../lib/api-client.ts';
import { visitorOf, type SigningAccess } from '../../../lib/signing-access.ts';

export type SignInput = BodyOf<typeof signingEndpoints.sign>;
export type SignOutcome = ResponseOf<typeof signingEndpoints.sign>;

/** Signs (a visitor through the direct twin): SUCCESS, or TAN_REQUIRED with the step-up to answer (QES). */
export function sign(access: SigningAccess, body: SignInput): Promise<SignOutcome> {
  return callApi(signingEndpoints.sign, { body, visitor: visitorOf(access) });
}
