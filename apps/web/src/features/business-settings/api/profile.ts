import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Business, type UpdateBusinessBody } from '@signet/contracts/businesses';
import { businessEndpoints } from '@signet/contracts/endpoints/businesses';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { userBusinessQueryOptions } from '../../../lib/api/get-user-business.ts';

const profileKey = (businessId: string) => ['business', businessId, 'profile'] as const;

/** The business as its admins see it (GET /v1/businesses/{id} answers admins with all of it). */
export function useBusinessProfile(businessId: string) {
  return useQuery({
    queryKey: profileKey(businessId),
    queryFn: async () =>
      Business.parse(await callApi(businessEndpoints.getBusiness, { params: { businessId }, retry: true })),
  });
}

export function useUpdateProfile(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof UpdateBusinessBody>) =>
      callApi(businessEndpoints.updateBusiness, { params: { businessId }, body }),
    onSuccess: async (business) => {
      queryClient.setQueryData(profileKey(businessId), business);
      // The header shows the business's name.
      await queryClient.invalidateQueries({ queryKey: userBusinessQueryOptions.queryKey });
    },
  });
}
