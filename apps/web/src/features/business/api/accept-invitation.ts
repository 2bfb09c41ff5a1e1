import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v1/user/accept {accept: business_invite}: join the business that invited the user. */
export function acceptInvitation(): Promise<void> {
  return apiRequest('/v1/user/accept', { method: 'POST', body: { accept: 'business_invite' } });
}

/** POST /v1/user/accept {accept: gtc}: after a downgrade, accepting the terms clears the flags (spec §4). */
export function acceptTermsAfterDowngrade(): Promise<void> {
  return apiRequest('/v1/user/accept', { method: 'POST', body: { accept: 'gtc' } });
}
