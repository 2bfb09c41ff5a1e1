import type { ErrorCode } from '../errors.ts';
import { defineEndpoint } from '../endpoint.ts';
import {
  ResponseIdParams,
  SignBody,
  SignResult,
  TanFormBody,
  TanRespondBody,
  TanState,
  VisitorPendingSigningBody,
  VisitorTanBody,
} from '../signing.ts';

const tags = ['Signing'];

/** Why the caller may not sign a request now (checked at the start and again when the TAN arrives). */
const signerRefusals = [
  'NOT_FOUND',
  'SIGNATURE_REQUEST_NOT_OPEN',
  'NOT_A_SIGNER',
  'ALREADY_SIGNED',
  'NOT_YOUR_TURN',
  'QUALITY_NOT_AVAILABLE',
] as const satisfies readonly ErrorCode[];
/** Why adding the signature fails once it is made (the request moved on, no free signature, a trust service down). */
const commitFailures = [
  'REQUEST_LOCKED',
  'FREE_SIGNATURES_EXHAUSTED',
  'TRUST_SERVICE_UNAVAILABLE',
] as const satisfies readonly ErrorCode[];
/** The QTSP's answers about a pending QES signing's code, as the product's codes. */
const tanRefusals = [
  'SIGNING_NOT_FOUND',
  'TAN_INVALID',
  'TAN_EXPIRED',
  'TAN_LOCKED',
  'TAN_CANCELLED',
  'SERIAL_NUMBER_MISMATCH',
  'TRUST_SERVICE_UNAVAILABLE',
] as const satisfies readonly ErrorCode[];
/** The QES limits on codes sent (per signer, request and mobile) and on wrong answers. */
const smsLimits = ['SIGNING_RATE_LIMITED', 'SIGNING_BLOCKED'] as const satisfies readonly ErrorCode[];

const respondErrors = [...tanRefusals, 'SIGNING_BLOCKED', ...signerRefusals, ...commitFailures] as const;
const resendErrors = [...tanRefusals, ...smsLimits, 'NOT_FOUND'] as const;

/**
 * Signing (spec §3): sign a batch, and answer, re-send or cancel the SMS code of a QES signing.
 * A visitor's sign is the twin of the user's; a visitor's TAN calls name the pending signing in the
 * body instead of the path, so they are calls of their own.
 */
export const signingEndpoints = {
  sign: defineEndpoint({
    method: 'POST',
    path: '/v3/sign',
    visitorPath: '/v3/direct/sign',
    auth: 'user',
    // API users sign only with a seal they were given (an account signature needs a person).
    apiUsers: true,
    summary: 'Sign a batch of requests (QES answers TAN_REQUIRED: then respond with the SMS code)',
    tags,
    body: SignBody,
    status: 200,
    response: SignResult,
    errors: [
      ...signerRefusals,
      ...commitFailures,
      ...smsLimits,
      'PART11_DATA_REQUIRED',
      'MOBILE_REQUIRED',
      'SEAL_NOT_FOUND',
      'SEAL_NOT_ALLOWED',
    ],
  }),
  respondTan: defineEndpoint({
    method: 'POST',
    path: '/respond/:id',
    auth: 'user',
    summary: 'Answer the TAN of a pending QES signing',
    tags,
    params: ResponseIdParams,
    body: TanRespondBody,
    status: 200,
    response: SignResult,
    errors: respondErrors,
  }),
  respondTanForm: defineEndpoint({
    method: 'POST',
    path: '/v3/swisscom/proceed/:id',
    auth: 'user',
    summary: 'Answer the TAN of a pending QES signing (one-time password form)',
    tags,
    params: ResponseIdParams,
    body: TanFormBody,
    status: 200,
    response: SignResult,
    errors: respondErrors,
  }),
  checkApproval: defineEndpoint({
    method: 'POST',
    path: '/v3/sign/approval/:id',
    auth: 'user',
    summary:
      'QES with Mobile ID: signs once the phone approved (SUCCESS); APPROVAL_REQUIRED while it has not answered',
    tags,
    params: ResponseIdParams,
    status: 200,
    response: SignResult,
    errors: ['MOBILE_ID_DECLINED', ...tanRefusals, ...signerRefusals, ...commitFailures],
  }),
  resendTan: defineEndpoint({
    method: 'POST',
    path: '/resend/:id',
    auth: 'user',
    summary:
      'Send a new TAN (the previous one stops working); on a Mobile ID signing, switch to the SMS code',
    tags,
    params: ResponseIdParams,
    status: 200,
    response: TanState,
    errors: resendErrors,
  }),
  cancelTan: defineEndpoint({
    method: 'POST',
    path: '/cancel/:id',
    auth: 'user',
    summary: 'Cancel a pending QES signing',
    tags,
    params: ResponseIdParams,
    status: 204,
    errors: tanRefusals,
  }),
  visitorRespondTan: defineEndpoint({
    method: 'POST',
    path: '/v1/direct/tan/check',
    auth: 'nas',
    summary: 'Direct sign: answer the TAN',
    tags,
    body: VisitorTanBody,
    status: 200,
    response: SignResult,
    errors: respondErrors,
  }),
  visitorResendTan: defineEndpoint({
    method: 'POST',
    path: '/v1/direct/tan/resend',
    auth: 'nas',
    summary: 'Direct sign: send a new TAN',
    tags,
    body: VisitorPendingSigningBody,
    status: 200,
    response: TanState,
    errors: resendErrors,
  }),
  visitorCancelTan: defineEndpoint({
    method: 'POST',
    path: '/v1/direct/tan/cancel',
    auth: 'nas',
    summary: 'Direct sign: cancel the pending QES signing (the request is freed at once)',
    tags,
    body: VisitorPendingSigningBody,
    status: 204,
    errors: tanRefusals,
  }),
  trustList: defineEndpoint({
    method: 'GET',
    path: '/v1/trust-list.pem',
    auth: 'public',
    summary: 'The root certificates Signet signatures chain to (PEM), for validators',
    tags,
    status: 200,
    response: { binary: ['application/x-pem-file'] },
    errors: [],
  }),
};
