import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminList,
  Business,
  BusinessForMember,
  BusinessParams,
  BusinessSettings,
  CreateBusinessBody,
  CreateSealBody,
  MemberList,
  Seal,
  SealList,
  SealMemberParams,
  SealParams,
  UpdateBusinessBody,
  UpdateBusinessSettingsBody,
  UpdateSealBody,
  UserBusiness,
  UserIdsBody,
} from '@signet/contracts/businesses';
import { ErrorResponse } from '@signet/contracts/errors';
import { businessCaller, userCaller } from '../../plugins/auth.ts';
import * as businesses from './businesses.service.ts';

export const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};
export const noContent = { 204: z.null().describe('No content') };
const tags = ['Businesses'];
const sealTags = ['Seals'];

/**
 * Businesses, their people and seals (spec §7 Business and Seals). Routes naming a business
 * (`:businessId`) are for that business's members or admins only; the auth plugin checks it.
 */
export async function businessesRoutes(
  app: FastifyInstance,
  deps: businesses.BusinessesDeps & { env: string },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/v2/businesses', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Create a business (the /business/register page); the caller becomes its admin',
      body: CreateBusinessBody,
      response: { 201: UserBusiness, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await businesses.createBusiness(deps, userCaller(request), request.body)),
  });

  r.get('/v2/businesses/user', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: "The caller's business and role in it; 404 when they belong to none",
      response: { 200: UserBusiness, ...errors },
    },
    handler: (request) => businesses.userBusiness(deps, userCaller(request).userId),
  });

  r.get('/v1/businesses/:businessId', {
    config: { auth: 'member' },
    schema: {
      tags,
      summary:
        'The business: for admins profile, settings, people, invitations and seals; for members the admins and seals',
      params: BusinessParams,
      response: { 200: z.union([Business, BusinessForMember]), ...errors },
    },
    handler: (request) => businesses.getBusiness(deps, businessCaller(request)),
  });

  r.put('/v1/businesses/:businessId', {
    config: { auth: 'admin' },
    schema: {
      tags,
      summary: "Change the business's name, e-mail or phone",
      params: BusinessParams,
      body: UpdateBusinessBody,
      response: { 200: Business, ...errors },
    },
    handler: (request) => businesses.updateBusiness(deps, businessCaller(request), request.body),
  });

  r.get('/v1/businesses/:businessId/settings', {
    config: { auth: 'admin' },
    schema: {
      tags,
      summary: 'Business settings (an invalid support contact reads as blank)',
      params: BusinessParams,
      response: { 200: BusinessSettings, ...errors },
    },
    handler: (request) => businesses.getSettings(deps, businessCaller(request)),
  });

  r.put('/v1/businesses/:businessId/settings', {
    config: { auth: 'admin' },
    schema: {
      tags,
      summary: 'Change any part of the settings; the rest stays',
      params: BusinessParams,
      body: UpdateBusinessSettingsBody,
      response: { 200: BusinessSettings, ...errors },
    },
    handler: (request) => businesses.updateSettings(deps, businessCaller(request), request.body),
  });

  r.get('/v1/businesses/:businessId/admins', {
    config: { auth: 'admin' },
    schema: { tags, summary: 'The admins', params: BusinessParams, response: { 200: AdminList, ...errors } },
    handler: async (request) => ({
      admins: (await businesses.listMembers(deps, businessCaller(request))).filter((m) => m.role === 'admin'),
    }),
  });

  r.get('/v1/businesses/:businessId/members', {
    config: { auth: 'admin' },
    schema: {
      tags,
      summary: 'Everybody in the business, admins included, with their role',
      params: BusinessParams,
      response: { 200: MemberList, ...errors },
    },
    handler: async (request) => ({ members: await businesses.listMembers(deps, businessCaller(request)) }),
  });

  r.post('/v1/businesses/:businessId/remove-members', {
    config: { auth: 'admin' },
    schema: {
      tags,
      summary: 'Take people out of the business (and its seals); at least one admin stays',
      params: BusinessParams,
      body: UserIdsBody,
      response: { ...noContent, ...errors },
    },
    handler: async (request, reply) => {
      await businesses.removeMembers(deps, businessCaller(request), request.body.user_ids);
      return reply.status(204).send(null);
    },
  });

  for (const [path, role] of [
    ['change-to-admins', 'admin'],
    ['change-to-members', 'member'],
  ] as const)
    r.post(`/v1/businesses/:businessId/${path}`, {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: role === 'admin' ? 'Make members admins' : 'Make admins members (at least one admin stays)',
        params: BusinessParams,
        body: UserIdsBody,
        response: { ...noContent, ...errors },
      },
      handler: async (request, reply) => {
        await businesses.changeRole(deps, businessCaller(request), request.body.user_ids, role);
        return reply.status(204).send(null);
      },
    });

  r.get('/v1/businesses/:businessId/seals', {
    config: { auth: 'member' },
    schema: {
      tags: sealTags,
      summary: "The business's seals; canUse says whether the caller may sign with each",
      params: BusinessParams,
      response: { 200: SealList, ...errors },
    },
    handler: async (request) => ({ seals: await businesses.listSeals(deps, businessCaller(request)) }),
  });

  r.post('/v1/businesses/:businessId/seals', {
    config: { auth: 'admin' },
    schema: {
      tags: sealTags,
      summary: 'Create a seal (Signet addition: the spec lists seals but shows no create call)',
      params: BusinessParams,
      body: CreateSealBody,
      response: { 201: Seal, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await businesses.createSeal(deps, businessCaller(request), request.body)),
  });

  r.get('/v1/businesses/:businessId/seals/:name', {
    config: { auth: 'admin' },
    schema: {
      tags: sealTags,
      summary: 'Seal data and the members who may sign with it',
      params: SealParams,
      response: { 200: Seal, ...errors },
    },
    handler: (request) => businesses.getSeal(deps, businessCaller(request), request.params.name),
  });

  r.put('/v1/businesses/:businessId/seals/:name', {
    config: { auth: 'admin' },
    schema: {
      tags: sealTags,
      summary: "Change the seal's display name",
      params: SealParams,
      body: UpdateSealBody,
      response: { 200: Seal, ...errors },
    },
    handler: (request) =>
      businesses.updateSeal(deps, businessCaller(request), request.params.name, request.body.displayName),
  });

  r.post('/v1/businesses/:businessId/seals/:name/members', {
    config: { auth: 'admin' },
    schema: {
      tags: sealTags,
      summary: 'Allow members to sign with the seal',
      params: SealParams,
      body: UserIdsBody,
      response: { 200: Seal, ...errors },
    },
    handler: (request) =>
      businesses.addSealMembers(deps, businessCaller(request), request.params.name, request.body.user_ids),
  });

  if (deps.env === 'test') {
    // Lets the end-to-end tests put a business in the spec §4 billing states (trial expired, locked)
    // until billing exists; registered only when NODE_ENV=test.
    r.post('/test/businesses/:businessId/billing', {
      config: { auth: 'public' },
      schema: {
        hide: true,
        params: BusinessParams,
        body: z.strictObject({ paymentMethod: z.string().min(1).max(40).nullable() }),
      },
      handler: async (request, reply) => {
        await businesses.setPaymentMethodForTests(
          deps,
          request.params.businessId,
          request.body.paymentMethod,
        );
        return reply.status(204).send();
      },
    });
  }

  r.delete('/v1/businesses/:businessId/seals/:name/members/:userId', {
    config: { auth: 'admin' },
    schema: {
      tags: sealTags,
      summary: 'Stop a member signing with the seal',
      params: SealMemberParams,
      response: { 200: Seal, ...errors },
    },
    handler: (request) =>
      businesses.removeSealMember(deps, businessCaller(request), request.params.name, request.params.userId),
  });
}
