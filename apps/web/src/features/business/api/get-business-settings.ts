import { queryOptions } from '@tanstack/react-query';
import { businessEndpoints } from '@signet/contracts/endpoints/businesses';
import { callApi } from '../../../lib/api-client.ts';

/** The business settings (admins): e.g. whether finished requests are deleted automatically. */
export const businessSettingsQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: ['business', businessId, 'settings'],
    queryFn: () => callApi(businessEndpoints.getSettings, { params: { businessId }, retry: true }),
  });
