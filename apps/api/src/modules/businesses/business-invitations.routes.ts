import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AddMembersBody,
  BusinessParams,
  InvitationList,
  InvitationParams,
  InvitationSecretParams,
  InviteMembersResult,
  ReceivedInvitation,
  UserBusiness,
} from '@signet/contracts/businesses';
import { businessCaller, userCaller } from '../../plugins/auth.ts';
import * as invitations from './business-invitations.service.ts';
import type { BusinessesDeps } from './business-caller.ts';
import * as businesses from './businesses.service.ts';
import { errors, noContent } from './businesses.routes.ts';

const tags = ['Businesses'];

/**
 * Invitations into a business: admins invite and revoke; the invited person, signed in with the
 * account of the invited address, answers through the secret link mailed to them.
 */
export async function businessInvitationsRoutes(app: FastifyInstance, deps: BusinessesDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/v1/businesses/:businessId/members', {
    config: { auth: 'admin' },
    schema: {
      tags,
      summary:
        'Invite people by e-mail (spec: body users); they become members once they accept. The answer is the same whether or not an address has an account',
      params: BusinessParams,
      body: AddMembersBody,
      response: { 200: InviteMembersResult, ...errors, 429: errors[400] },
    },
    handler: (request) => invitations.inviteMembers(deps, businessCaller(request), request.body),
  });

  r.get('/v2/businesses/:businessId/invitations', {
    config: { auth: 'admin' },
    schema: {
      tags,
      summary: 'The invitations nobody has answered yet (pending or expired), newest first',
      params: BusinessParams,
      response: { 200: InvitationList, ...errors },
    },
    handler: async (request) => ({
      invitations: await invitations.listInvitations(deps, businessCaller(request).businessId),
    }),
  });

  r.delete('/v1/businesses/:businessId/invitations/:invitationId', {
    config: { auth: 'admin' },
    schema: {
      tags,
      summary: 'Revoke an invitation: its link stops working',
      params: InvitationParams,
      response: { ...noContent, ...errors },
    },
    handler: async (request, reply) => {
      await invitations.revokeInvitation(deps, businessCaller(request), request.params.invitationId);
      return reply.status(204).send(null);
    },
  });

  r.get('/v1/business-invitations/:secret', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'An invitation, for the signed-in account of the address it was sent to (the /invite page)',
      params: InvitationSecretParams,
      response: { 200: ReceivedInvitation, ...errors },
    },
    handler: (request) => invitations.receivedInvitation(deps, userCaller(request), request.params.secret),
  });

  r.post('/v1/business-invitations/:secret/accept', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Accept an invitation: the caller joins the business; returns it as GET /v2/businesses/user',
      params: InvitationSecretParams,
      response: { 200: UserBusiness, ...errors, 410: errors[404] },
    },
    handler: async (request) => {
      const caller = userCaller(request);
      await invitations.acceptInvitation(deps, caller, request.params.secret);
      return businesses.userBusiness(deps, caller.userId);
    },
  });

  r.post('/v1/business-invitations/:secret/decline', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Decline an invitation',
      params: InvitationSecretParams,
      response: { ...noContent, ...errors, 410: errors[404] },
    },
    handler: async (request, reply) => {
      await invitations.declineInvitation(deps, userCaller(request), request.params.secret);
      return reply.status(204).send(null);
    },
  });
}
