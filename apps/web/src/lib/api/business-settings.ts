import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessSettings, UpdateBusinessSettingsBody } from '@signet/contracts/businesses';
import { businessEndpoints } from '@signet/contracts/endpoints/businesses';
import { callApi } from '../api-client.ts';
import { userBusinessQueryOptions } from './get-user-business.ts';

/** Same key as the business feature's settings query: one cache entry for the settings (the settings
 * page and the developers page change them). */
const settingsKey = (businessId: string) => ['business', businessId, 'settings'] as const;

export function useBusinessSettings(businessId: string) {
  return useQuery({
    queryKey: settingsKey(businessId),
    queryFn: () => callApi(businessEndpoints.getSettings, { params: { businessId }, retry: true }),
  });
}

/**
 * PUT .../settings with any part of them; the answer is the whole settings, cached as they are.
 * The user's business is read again: the header and analytics follow some settings (logo, userPilot).
 */
export function useUpdateSettings(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBusinessSettingsBody) =>
      callApi(businessEndpoints.updateSettings, { params: { businessId }, body }),
    onSuccess: async (settings: BusinessSettings) => {
      queryClient.setQueryData(settingsKey(businessId), settings);
      await queryClient.invalidateQueries({ queryKey: userBusinessQueryOptions.queryKey });
    },
  });
}
