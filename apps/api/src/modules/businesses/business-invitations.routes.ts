import type { FastifyInstance } from 'fastify';
import { businessInvitationEndpoints } from '@signet/contracts/endpoints/businesses';
import { businessCaller, userCaller } from '../../plugins/auth.ts';
import { registerEndpoints } from '../../plugins/endpoints.ts';
import * as invitations from './business-invitations.service.ts';
import type { BusinessesDeps } from './business-caller.ts';
import type { SeatLimit } from './business-seats.service.ts';
import * as businesses from './businesses.service.ts';

/**
 * Invitations into a business: admins invite and revoke; the invited person, signed in with the
 * account of the invited address, answers through the secret link mailed to them.
 */
export async function businessInvitationsRoutes(
  app: FastifyInstance,
  deps: BusinessesDeps & SeatLimit,
): Promise<void> {
  registerEndpoints(app, businessInvitationEndpoints, {
    inviteMembers: (request) => invitations.inviteMembers(deps, businessCaller(request), request.body),
    listInvitations: async (request) => ({
      invitations: await invitations.listInvitations(deps, businessCaller(request).businessId),
    }),
    revokeInvitation: async (request) => {
      await invitations.revokeInvitation(deps, businessCaller(request), request.params.invitationId);
    },
    receivedInvitation: (request) =>
      invitations.receivedInvitation(deps, userCaller(request), request.params.secret),
    acceptInvitation: async (request) => {
      const caller = userCaller(request);
      await invitations.acceptInvitation(deps, caller, request.params.secret);
      return businesses.userBusiness(deps, caller.userId);
    },
    declineInvitation: async (request) => {
      await invitations.declineInvitation(deps, userCaller(request), request.params.secret);
    },
  });
}
