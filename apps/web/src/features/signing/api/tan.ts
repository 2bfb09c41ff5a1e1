import { signingEndpoints } from '@signet/contracts/endpoints/signing';
import { callApi } from '../../../lib/api-client.ts';
import type { SigningAccess } from '../../../lib/signing-access.ts';
import type { SignOutcome } from './sign.ts';

/*
 * The TAN step of a pending QES signing. A user names the signing (its responseId) in the path; a
 * visitor's calls are their own endpoints, which take it in the body with the link's credentials.
 */

/** The code from the SMS: the signatures are made, or an ApiError says why not (TAN_INVALID …). */
export function respondTan(access: SigningAccess, responseId: string, secret: string): Promise<SignOutcome> {
  if (access.kind === 'direct')
    return callApi(signingEndpoints.visitorRespondTan, { body: { responseId, secret }, visitor: access });
  return callApi(signingEndpoints.respondTan, { params: { id: responseId }, body: { secret } });
}

/**
 * QES with Mobile ID (account users): signs once the phone approved; APPROVAL_REQUIRED while it has
 * not answered, TAN_REQUIRED once the signer went on by SMS code.
 */
export function checkApproval(responseId: string): Promise<SignOutcome> {
  return callApi(signingEndpoints.checkApproval, { params: { id: responseId } });
}

/** A new SMS (on a Mobile ID signing: the code instead of the phone); the previous code stops working. */
export function resendTan(access: SigningAccess, responseId: string) {
  if (access.kind === 'direct')
    return callApi(signingEndpoints.visitorResendTan, { body: { responseId }, visitor: access });
  return callApi(signingEndpoints.resendTan, { params: { id: responseId } });
}

/** Ends the pending signing; its requests are free at once. */
export function cancelTan(access: SigningAccess, responseId: string): Promise<void> {
  if (access.kind === 'direct')
    return callApi(signingEndpoints.visitorCancelTan, { body: { responseId }, visitor: access });
  return callApi(signingEndpoints.cancelTan, { params: { id: responseId } });
}
