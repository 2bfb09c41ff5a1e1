import { TokenResponse } from '../accounts.ts';
import { BusinessParams } from '../businesses.ts';
import {
  IdentityProviderView,
  IdentityProvidersBody,
  IdentityProvidersResponse,
  PutIdentityProviderBody,
  SsoCallbackQuery,
} from '../business-sso.ts';
import { defineEndpoint } from '../endpoint.ts';

/** Single sign-on is the admins' to set up (spec §4); another business's is not found. */
const ofTheAdmins = { auth: 'admin', tags: ['Single sign-on'] } as const;

/**
 * A business's single sign-on (OpenID Connect), and the end of a login through it. The login
 * starts at `POST /v1/identity_providers` (accounts); the provider sends the browser back to
 * `GET /api/v1/sso/callback`, which signs the person in and sends the browser on to the web app,
 * where `POST /v1/sso/session` hands the session over.
 */
export const businessSsoEndpoints = {
  getIdentityProvider: defineEndpoint({
    method: 'GET',
    path: '/v1/businesses/:businessId/identity-provider',
    ...ofTheAdmins,
    summary: "The business's single sign-on settings (never the client secret) and Signet's redirect URI",
    params: BusinessParams,
    status: 200,
    response: IdentityProviderView,
    errors: [],
  }),
  putIdentityProvider: defineEndpoint({
    method: 'PUT',
    path: '/v1/businesses/:businessId/identity-provider',
    ...ofTheAdmins,
    summary:
      'Set up single sign-on: the issuer is discovered (/.well-known/openid-configuration) before it is saved',
    params: BusinessParams,
    body: PutIdentityProviderBody,
    status: 200,
    response: IdentityProviderView,
    errors: ['IDENTITY_PROVIDER_UNUSABLE'],
  }),
  deleteIdentityProvider: defineEndpoint({
    method: 'DELETE',
    path: '/v1/businesses/:businessId/identity-provider',
    ...ofTheAdmins,
    summary: 'Remove single sign-on: the members log in with their passwords again',
    params: BusinessParams,
    status: 204,
    errors: ['NOT_FOUND'],
  }),
  identityProviders: defineEndpoint({
    method: 'POST',
    path: '/v1/identity_providers',
    auth: 'public',
    summary:
      "Start a single sign-on for an e-mail address: the provider's authorization URL (and the browser's login cookie), or null",
    tags: ['Single sign-on'],
    body: IdentityProvidersBody,
    status: 200,
    response: IdentityProvidersResponse,
    errors: ['TRUST_SERVICE_UNAVAILABLE', 'TOO_MANY_ATTEMPTS'],
  }),
  ssoCallback: defineEndpoint({
    method: 'GET',
    path: '/v1/sso/callback',
    auth: 'public',
    summary:
      "The provider's redirect back (register it as the client's redirect URI): sends the browser on to the web app, signed in or to /sso/error",
    tags: ['Single sign-on'],
    query: SsoCallbackQuery,
    status: 303,
    errors: [],
  }),
  ssoSession: defineEndpoint({
    method: 'POST',
    path: '/v1/sso/session',
    auth: 'public',
    summary:
      'The session of a finished single sign-on, once, for the browser that went through it (its login cookie)',
    tags: ['Single sign-on'],
    status: 200,
    response: TokenResponse,
    errors: ['SSO_LOGIN_INVALID'],
  }),
};
