import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@signet/contracts/endpoint';
import { businessEndpoints } from '@signet/contracts/endpoints/businesses';
import { callApi } from '../../../lib/api-client.ts';
import { userBusinessQueryOptions } from '../../../lib/api/get-user-business.ts';

/** POST /v2/businesses: the signed-in user creates a business and becomes its admin. */
export function useCreateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof businessEndpoints.createBusiness>) =>
      callApi(businessEndpoints.createBusiness, { body }),
    // The guards read the membership: the welcome page is for admins.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userBusinessQueryOptions.queryKey }),
  });
}
