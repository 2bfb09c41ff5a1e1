import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReceivedInvitation } from '@signet/contracts/businesses';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /v1/business-invitations/{secret}: the invitation behind a mailed link, for the signed-in
 * account of the invited address (403 INVITATION_WRONG_ACCOUNT for another, 404 when revoked).
 */
export function getInvitation(secret: string): Promise<ReceivedInvitation> {
  return apiRequest(
    `/v1/business-invitations/${encodeURIComponent(secret)}`,
    { retry: true },
    ReceivedInvitation,
  );
}

export const invitationQueryOptions = (secret: string) =>
  queryOptions({ queryKey: ['business-invitation', secret], queryFn: () => getInvitation(secret) });

export function useInvitation(secret: string, enabled: boolean) {
  return useQuery({ ...invitationQueryOptions(secret), enabled });
}
