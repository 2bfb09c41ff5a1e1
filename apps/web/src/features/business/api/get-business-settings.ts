import { queryOptions } from '@tanstack/react-query';
import { BusinessSettings } from '@signet/contracts/businesses';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /v1/businesses/{id}/settings (admins): e.g. whether finished requests are deleted automatically. */
export function getBusinessSettings(businessId: string): Promise<BusinessSettings> {
  return apiRequest(
    `/v1/businesses/${encodeURIComponent(businessId)}/settings`,
    { retry: true },
    BusinessSettings,
  );
}

export const businessSettingsQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: ['business', businessId, 'settings'],
    queryFn: () => getBusinessSettings(businessId),
  });
