import { apiRequest } from '../../../lib/api-client.ts';

/** PUT /v1/user with the mobile number QES codes are sent to (mobile AES overlay). */
export function updateMobile(mobile: string): Promise<void> {
  return apiRequest('/v1/user', { method: 'PUT', body: { attributes: { mobile } } });
}
