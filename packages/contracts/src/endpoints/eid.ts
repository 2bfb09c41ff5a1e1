import type { ErrorCode } from '../errors.ts';
import { defineEndpoint } from '../endpoint.ts';
import { TokenResponse } from '../accounts.ts';
import {
  EidCallbackBody,
  EidIdentification,
  EidLoginStart,
  EidPerson,
  EidRegisterBody,
  StartEidIdentificationBody,
  StartEidSignupBody,
} from '../eid.ts';

const tags = ['eID'];
/** Why redeeming the provider's answer fails: Signet's login is not usable, or the provider's answer is not. */
const callbackRefusals = [
  'EID_LOGIN_INVALID',
  'EID_LOGIN_REFUSED',
  'TRUST_SERVICE_UNAVAILABLE',
] as const satisfies readonly ErrorCode[];

/**
 * ID Austria over OpenID Connect (authorization code with PKCE): identification for eIDAS by an
 * account user or a direct-sign visitor, and signup with the names and birth date of the eID.
 */
export const eidEndpoints = {
  startIdAustria: defineEndpoint({
    method: 'POST',
    path: '/v1/user/eid/id-austria',
    visitorPath: '/v1/direct/user/eid/id-austria',
    auth: 'user',
    summary: 'Start identifying with ID Austria; `url` is where to send the browser',
    tags,
    body: StartEidIdentificationBody,
    status: 200,
    response: EidLoginStart,
    errors: ['TRUST_SERVICE_UNAVAILABLE'],
  }),
  finishIdAustria: defineEndpoint({
    method: 'POST',
    path: '/v1/user/eid/id-austria/callback',
    visitorPath: '/v1/direct/user/eid/id-austria/callback',
    auth: 'user',
    summary:
      "Redeem ID Austria's answer (state and code); stores the verified person as eIDAS identification evidence",
    tags,
    body: EidCallbackBody,
    status: 200,
    response: EidIdentification,
    errors: [...callbackRefusals],
  }),
  startEidSignup: defineEndpoint({
    method: 'POST',
    path: '/v1/signup/eid/id-austria',
    auth: 'unauthenticated',
    summary: 'Start a signup with ID Austria; `url` is where to send the browser',
    tags,
    body: StartEidSignupBody,
    status: 200,
    response: EidLoginStart,
    errors: ['TRUST_SERVICE_UNAVAILABLE'],
  }),
  eidSignupPerson: defineEndpoint({
    method: 'POST',
    path: '/v1/signup/eid/id-austria/callback',
    auth: 'unauthenticated',
    summary: "Redeem ID Austria's answer for a signup: the person the account will be made for",
    tags,
    body: EidCallbackBody,
    status: 200,
    response: EidPerson,
    errors: [...callbackRefusals],
  }),
  registerWithEid: defineEndpoint({
    method: 'POST',
    path: '/v1/signup/eid',
    auth: 'unauthenticated',
    summary:
      'Create an account with the names the eID vouched for (immutable); signs in and mails the e-mail confirmation',
    tags,
    body: EidRegisterBody,
    status: 201,
    response: TokenResponse,
    errors: ['EID_LOGIN_INVALID', 'PASSWORD_POLICY', 'EMAIL_TAKEN'],
  }),
};
