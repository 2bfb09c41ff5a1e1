import { useMutation } from '@tanstack/react-query';
import { businessSsoEndpoints } from '@signet/contracts/endpoints/business-sso';
import { callApi } from '../../../lib/api-client.ts';

/**
 * Whether an address's company signs it in (single sign-on): the provider's URL to send the
 * browser to, or null for password login. Asking starts the login (the browser keeps its cookie).
 */
export function useSsoFor() {
  return useMutation({
    mutationFn: async (email: string) =>
      (await callApi(businessSsoEndpoints.identityProviders, { body: { email } })).url,
  });
}

/** The session of the single sign-on this browser just finished (once; SSO_LOGIN_INVALID after). */
export function useSsoSession() {
  return useMutation({ mutationFn: () => callApi(businessSsoEndpoints.ssoSession, {}) });
}
