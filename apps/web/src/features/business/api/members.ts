import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessRole } from '@signet/contracts/businesses';
import { businessEndpoints, businessInvitationEndpoints } from '@signet/contracts/endpoints/businesses';
import { callApi } from '../../../lib/api-client.ts';

export const peopleKey = (businessId: string) => ['business', businessId, 'people'] as const;

/** Everybody in the business, admins included (admins only). */
export function useMembers(businessId: string) {
  return useQuery({
    queryKey: [...peopleKey(businessId), 'members'],
    queryFn: async () =>
      (await callApi(businessEndpoints.listMembers, { params: { businessId }, retry: true })).members,
  });
}

/** The invitations nobody has answered yet, newest first. */
export function useInvitations(businessId: string) {
  return useQuery({
    queryKey: [...peopleKey(businessId), 'invitations'],
    queryFn: async () =>
      (await callApi(businessInvitationEndpoints.listInvitations, { params: { businessId }, retry: true }))
        .invitations,
  });
}

/** A change to the people of the business: members and invitations are read again afterwards. */
function usePeopleChange<T, R>(businessId: string, change: (value: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleKey(businessId) }),
  });
}

/** Invites (or, for a pending invitation, invites again: a new link and expiry) by e-mail. */
export function useInvite(businessId: string) {
  return usePeopleChange(businessId, (users: { email: string; role: BusinessRole }[]) =>
    callApi(businessInvitationEndpoints.inviteMembers, { params: { businessId }, body: { users } }),
  );
}

export function useRevokeInvitation(businessId: string) {
  return usePeopleChange(businessId, (invitationId: string) =>
    callApi(businessInvitationEndpoints.revokeInvitation, { params: { businessId, invitationId } }),
  );
}

/** Makes the people admins or members; all or nothing (a business keeps an admin). */
export function useChangeRole(businessId: string) {
  return usePeopleChange(businessId, ({ userIds, role }: { userIds: string[]; role: BusinessRole }) =>
    callApi(role === 'admin' ? businessEndpoints.makeAdmins : businessEndpoints.makeMembers, {
      params: { businessId },
      body: { user_ids: userIds },
    }),
  );
}

/** Removes people from the business; all or nothing. */
export function removeMembers(businessId: string, userIds: string[]): Promise<void> {
  return callApi(businessEndpoints.removeMembers, { params: { businessId }, body: { user_ids: userIds } });
}
