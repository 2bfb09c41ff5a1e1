import { queryOptions, useQuery } from '@tanstack/react-query';
import { businessInvitationEndpoints } from '@signet/contracts/endpoints/businesses';
import { callApi } from '../../../lib/api-client.ts';

/**
 * The invitation behind a mailed link, for the signed-in account of the invited address (403
 * INVITATION_WRONG_ACCOUNT for another, 404 INVITATION_NOT_FOUND when revoked).
 */
const invitationQueryOptions = (secret: string) =>
  queryOptions({
    queryKey: ['business-invitation', secret],
    queryFn: () =>
      callApi(businessInvitationEndpoints.receivedInvitation, { params: { secret }, retry: true }),
  });

export function useInvitation(secret: string, enabled: boolean) {
  return useQuery({ ...invitationQueryOptions(secret), enabled });
}
