import type { QualityUnavailableReason } from '@signet/contracts/accounts';
import type { Legislation } from '@signet/contracts/common';
import { isApiError } from '../../lib/api-client.ts';
import type { SignOutcome } from './api/sign.ts';

/** Spec §2 overlays the signing flow shows. */
type SigningOverlayName =
  | 'signing'
  | 'signing-success'
  | 'signing-failure'
  | 'signing-locked'
  | 'tan-expired'
  | 'tan-invalid'
  | 'tan-locked'
  | 'exhausted-signatures'
  | 'part11-verification'
  | 'serial-number-mismatch'
  | 'mobile-aes';

/** What the signer lacks for the request's quality (the API's QUALITY_NOT_AVAILABLE details). */
export interface UpgradeReason {
  reason: QualityUnavailableReason | null;
  legislation: Legislation | null;
}

/** What the signer sees next after an answer of the API. */
export type SigningStep =
  | { kind: 'overlay'; name: SigningOverlayName; props: Record<string, unknown> }
  | { kind: 'tan'; responseId: string }
  /** QES with Mobile ID: the signer approves on their phone. */
  | { kind: 'approval'; responseId: string }
  | { kind: 'dialog'; name: 'upgrade-standards'; props: UpgradeReason }
  | { kind: 'closed' };

/** A successful answer: done, or (QES) the TAN sent by SMS or the phone's approval is needed. */
export function stepForResult(result: SignOutcome): SigningStep {
  if (result.status === 'TAN_REQUIRED' && result.responseId)
    return { kind: 'tan', responseId: result.responseId };
  if (result.status === 'APPROVAL_REQUIRED' && result.responseId)
    return { kind: 'approval', responseId: result.responseId };
  return { kind: 'overlay', name: 'signing-success', props: { signed: result.signed } };
}

/**
 * A failed answer, by the API's stable error code. `responseId` is the pending QES signing the
 * answer was about, if any: a wrong TAN may be tried again on it.
 */
export function stepForError(error: unknown, responseId: string | null = null): SigningStep {
  const code = isApiError(error) ? error.code : 'UNKNOWN';
  const message = error instanceof Error ? error.message : '';
  switch (code) {
    case 'TAN_INVALID':
      return {
        kind: 'overlay',
        name: 'tan-invalid',
        props: {
          responseId,
          remainingAttempts: isApiError(error) ? error.details.remainingAttempts : undefined,
        },
      };
    case 'TAN_EXPIRED':
      return { kind: 'overlay', name: 'tan-expired', props: {} };
    case 'TAN_LOCKED':
      return { kind: 'overlay', name: 'tan-locked', props: {} };
    case 'TAN_CANCELLED':
      return { kind: 'closed' };
    case 'REQUEST_LOCKED': {
      const ms = isApiError(error) ? error.retryAfterMs : null;
      return {
        kind: 'overlay',
        name: 'signing-locked',
        props: { retryAfterSeconds: Math.max(1, Math.ceil((ms ?? 5000) / 1000)) },
      };
    }
    case 'SIGNING_RATE_LIMITED':
    case 'SIGNING_BLOCKED': {
      // QES limits (too many codes sent, too many wrong): no retry helps before Retry-After.
      const ms = (isApiError(error) ? error.retryAfterMs : null) ?? 60 * 60_000;
      return {
        kind: 'overlay',
        name: 'signing-failure',
        props: { code, message, retryAt: new Date(Date.now() + ms).toISOString() },
      };
    }
    case 'FREE_SIGNATURES_EXHAUSTED':
      return { kind: 'overlay', name: 'exhausted-signatures', props: {} };
    case 'PART11_DATA_REQUIRED':
      return {
        kind: 'overlay',
        name: 'part11-verification',
        props: { errorField: isApiError(error) ? (error.field ?? null) : null },
      };
    case 'SERIAL_NUMBER_MISMATCH':
      return { kind: 'overlay', name: 'serial-number-mismatch', props: {} };
    case 'MOBILE_REQUIRED':
      return { kind: 'overlay', name: 'mobile-aes', props: {} };
    case 'QUALITY_NOT_AVAILABLE': {
      // QES refused without a matching identification: the dialog says what is missing and leads there.
      const details = isApiError(error) ? error.details : {};
      return {
        kind: 'dialog',
        name: 'upgrade-standards',
        props: { reason: details.reason ?? null, legislation: details.legislation ?? null },
      };
    }
    default:
      return { kind: 'overlay', name: 'signing-failure', props: { code, message } };
  }
}
