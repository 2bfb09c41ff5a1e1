import { apiRequest } from '../../../lib/api-client.ts';

/** PUT /v1/businesses/{id}/settings: switch automatic deletion of finished requests on or off. */
export function updateRetention(businessId: string, enabled: boolean): Promise<void> {
  return apiRequest(`/v1/businesses/${encodeURIComponent(businessId)}/settings`, {
    method: 'PUT',
    body: { signatureRequests: { retention: { enabled } } },
  });
}
