import { useQuery } from '@tanstack/react-query';
import { businessSettingsEndpoints } from '@signet/contracts/endpoints/business-settings';
import { callApi } from '../../../lib/api-client.ts';

/** What the business configured beyond a new business's defaults (the /business/extras page). */
export function useCustomExtras(businessId: string) {
  return useQuery({
    queryKey: ['business', businessId, 'customextras'],
    queryFn: async () =>
      (await callApi(businessSettingsEndpoints.customExtras, { params: { businessId }, retry: true })).extras,
  });
}

/** The requests automatic deletion removed, newest first. */
export function useRetentionDeletions(businessId: string) {
  return useQuery({
    queryKey: ['business', businessId, 'retention-deletions'],
    queryFn: async () =>
      (await callApi(businessSettingsEndpoints.retentionDeletions, { params: { businessId }, retry: true }))
        .deletions,
  });
}
