import { apiRequest } from '../../../lib/api-client.ts';

/** POST /v1/logout: ends the session on the server (204). */
export function logout(): Promise<void> {
  return apiRequest('/v1/logout', { method: 'POST' });
}
