import type { ErrorCode } from '../errors.ts';
import { defineEndpoint } from '../endpoint.ts';
import {
  IdentificationIdParams,
  IdentificationParams,
  IdentificationPayment,
  IdentificationPaymentParams,
  IdentificationState,
  IdentificationWebhookEvent,
  StartIdentificationBody,
} from '../identification.ts';

const tags = ['Identification'];
/** The provider could not be reached, or answered with something Signet cannot use. */
const providerFailures = ['TRUST_SERVICE_UNAVAILABLE'] as const satisfies readonly ErrorCode[];

/**
 * Identification (spec §7): an account user or a direct-sign visitor starts, follows and cancels an
 * identification with a provider; the provider tells Signet through a signed webhook. A visitor's
 * identification belongs to them as the request's signer, never to an account.
 */
export const identificationEndpoints = {
  getIdentification: defineEndpoint({
    method: 'GET',
    path: '/v1/user/identification/:provider/:method',
    visitorPath: '/v1/direct/user/identification/:provider/:method',
    auth: 'user',
    summary: "The caller's latest identification with this provider and method (status null: none yet)",
    tags,
    params: IdentificationParams,
    status: 200,
    response: IdentificationState,
    errors: [],
  }),
  startIdentification: defineEndpoint({
    method: 'POST',
    path: '/v1/user/identification/:provider/:method',
    visitorPath: '/v1/direct/user/identification/:provider/:method',
    auth: 'user',
    summary:
      'Start an identification (or resume the ongoing one); `url` is the provider page to send the person to',
    tags,
    params: IdentificationParams,
    body: StartIdentificationBody,
    status: 200,
    response: IdentificationState,
    errors: ['EMAIL_NOT_VERIFIED', 'ALREADY_IDENTIFIED', ...providerFailures],
  }),
  cancelIdentification: defineEndpoint({
    method: 'DELETE',
    path: '/v1/user/identification/:provider/:method',
    visitorPath: '/v1/direct/user/identification/:provider/:method',
    auth: 'user',
    summary: 'Cancel the ongoing identification with this provider and method (none ongoing: not found)',
    tags,
    params: IdentificationParams,
    status: 204,
    errors: [...providerFailures],
  }),
  identificationStatus: defineEndpoint({
    method: 'GET',
    path: '/v1/user/identification/status/:id',
    visitorPath: '/v1/direct/user/identification/status/:id',
    auth: 'user',
    summary: "One of the caller's identifications by id, asking the provider when it is not finished",
    tags,
    params: IdentificationIdParams,
    status: 200,
    response: IdentificationState,
    errors: [...providerFailures],
  }),
  identificationPayment: defineEndpoint({
    method: 'GET',
    path: '/v1/user/identification/payment/:id',
    visitorPath: '/v1/direct/user/identification/payment/:id',
    auth: 'user',
    summary: "Whether the identification for this signature request is paid by the request's business",
    tags,
    params: IdentificationPaymentParams,
    status: 200,
    response: IdentificationPayment,
    errors: [],
  }),
  identificationWebhook: defineEndpoint({
    method: 'POST',
    path: '/v1/identification/events',
    auth: 'public',
    summary:
      'The identification provider reports a changed session (HMAC-signed, timestamped, each event once)',
    tags,
    body: IdentificationWebhookEvent,
    status: 204,
    errors: [
      'WEBHOOK_SIGNATURE_INVALID',
      'WEBHOOK_TIMESTAMP_STALE',
      'WEBHOOK_REPLAYED',
      'NOT_FOUND',
      ...providerFailures,
    ],
  }),
};
