import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@signet/contracts/endpoint';
import { businessEndpoints } from '@signet/contracts/endpoints/businesses';
import { callApi } from '../../../lib/api-client.ts';
import { userQueryKey } from '../../../lib/api/get-user.ts';

/** POST /v2/businesses: the signed-in user creates a business and becomes its admin. */
export function useCreateBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof businessEndpoints.createBusiness>) =>
      callApi(businessEndpoints.createBusiness, { body }),
    // The guards and gates read the user and the membership (both under the user's key): the
    // welcome page is for admins, and the creator's accepted business invitation must be seen.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryKey }),
  });
}
