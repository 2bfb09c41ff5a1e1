import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '@signet/contracts/errors';
import { SignBody, SignResult, TanRespondBody } from '@signet/contracts/signature-requests';
import { userCaller, visitorCaller } from '../../plugins/auth.ts';
import * as qes from './qes-step-up.service.ts';
import * as signing from './signing.service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  423: ErrorResponse,
  429: ErrorResponse,
  503: ErrorResponse,
};
const tags = ['Signing'];
const ResponseIdParams = z.strictObject({ id: z.uuid() });
const TanState = z.object({ status: z.string(), remainingAttempts: z.number().int() });
const DirectTanBody = z.strictObject({ responseId: z.uuid(), secret: z.string().trim().min(4).max(20) });
const DirectResendBody = z.strictObject({ responseId: z.uuid() });

export async function signingRoutes(app: FastifyInstance, deps: signing.SigningDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/v3/sign', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Sign a batch of requests (QES answers TAN_REQUIRED: then respond with the SMS code)',
      body: SignBody,
      response: { 200: SignResult, ...errors },
    },
    handler: (request) => signing.sign(deps, userCaller(request), request.body),
  });

  r.post('/v3/direct/sign', {
    config: { auth: 'nas' },
    schema: {
      tags,
      summary: 'Direct sign: the visitor signs their request',
      body: SignBody,
      response: { 200: SignResult, ...errors },
    },
    handler: (request) => signing.sign(deps, visitorCaller(request), request.body),
  });

  r.post('/respond/:id', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Answer the TAN of a pending QES signing',
      params: ResponseIdParams,
      body: TanRespondBody,
      response: { 200: SignResult, ...errors },
    },
    handler: (request) => qes.respondTan(deps, userCaller(request), request.params.id, request.body.secret),
  });

  r.post('/v3/swisscom/proceed/:id', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Answer the TAN of a pending QES signing (one-time password form)',
      params: ResponseIdParams,
      body: z.strictObject({ pwdotp: z.string().trim().min(4).max(20) }),
      response: { 200: SignResult, ...errors },
    },
    handler: (request) => qes.respondTan(deps, userCaller(request), request.params.id, request.body.pwdotp),
  });

  r.post('/resend/:id', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Send a new TAN (the previous one stops working)',
      params: ResponseIdParams,
      response: { 200: TanState, ...errors },
    },
    handler: (request) => qes.resendTan(deps, userCaller(request), request.params.id),
  });

  r.post('/cancel/:id', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Cancel a pending QES signing',
      params: ResponseIdParams,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await qes.cancelTan(deps, userCaller(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.post('/v1/direct/tan/check', {
    config: { auth: 'nas' },
    schema: {
      tags,
      summary: 'Direct sign: answer the TAN',
      body: DirectTanBody,
      response: { 200: SignResult, ...errors },
    },
    handler: (request) =>
      qes.respondTan(deps, visitorCaller(request), request.body.responseId, request.body.secret),
  });

  r.post('/v1/direct/tan/resend', {
    config: { auth: 'nas' },
    schema: {
      tags,
      summary: 'Direct sign: send a new TAN',
      body: DirectResendBody,
      response: { 200: TanState, ...errors },
    },
    handler: (request) => qes.resendTan(deps, visitorCaller(request), request.body.responseId),
  });

  r.post('/v1/direct/tan/cancel', {
    config: { auth: 'nas' },
    schema: {
      tags,
      summary: 'Direct sign: cancel the pending QES signing (the request is freed at once)',
      body: DirectResendBody,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await qes.cancelTan(deps, visitorCaller(request), request.body.responseId);
      return reply.status(204).send(null);
    },
  });

  r.get('/v1/signer-assertion-keys.json', {
    config: { auth: 'public' },
    schema: {
      tags,
      summary:
        'The public key (JWKS) of the signer assertions Signet sends its QTSP; the QTSP operator registers it',
    },
    handler: () => deps.qtsp.signerAssertionKeys(),
  });

  r.get('/v1/trust-list.pem', {
    config: { auth: 'public' },
    schema: { tags, summary: 'The root certificates Signet signatures chain to (PEM), for validators' },
    handler: async (_request, reply) =>
      reply.type('application/x-pem-file').send(await deps.qtsp.trustListPem()),
  });
}
