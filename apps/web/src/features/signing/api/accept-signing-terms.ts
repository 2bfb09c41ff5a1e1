import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v1/user/accept tou_swisscom: the qualified trust service's terms of use, before the first QES. */
export function acceptSigningTerms(): Promise<void> {
  return apiRequest('/v1/user/accept', { method: 'POST', body: { accept: 'tou_swisscom' } });
}
