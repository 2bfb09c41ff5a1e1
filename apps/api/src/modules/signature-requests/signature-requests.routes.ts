import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@signet/contracts/common';
import { maxRequestBytes } from '@signet/contracts/documents';
import {
  CreateSignatureRequestBody,
  EventList,
  ListSignatureRequestsQuery,
  LockStatus,
  RequestIdParams,
  SignatureRequest,
  SignatureRequestList,
} from '@signet/contracts/signature-requests';
import { userCaller, visitorCaller } from '../../plugins/auth.ts';
import * as requests from './signature-requests.service.ts';

export const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  413: ErrorResponse,
  429: ErrorResponse,
};
export const tags = ['Signature requests'];

export async function signatureRequestsRoutes(
  app: FastifyInstance,
  deps: requests.SignatureRequestsDeps,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/v3/signature-requests', {
    config: { auth: 'user' },
    // Documents may come inline as base64 (a third larger than the bytes).
    bodyLimit: Math.ceil((maxRequestBytes * 4) / 3) + 1024 * 1024,
    schema: {
      tags,
      summary: 'Create a draft request: documents (ids or base64), signers, observers, quality',
      body: CreateSignatureRequestBody,
      response: { 201: SignatureRequest, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await requests.create(deps, userCaller(request), request.body)),
  });

  r.get('/v3/signature-requests', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'The dashboard list: filter toSign, pending, declined, completed or all; paged',
      querystring: ListSignatureRequestsQuery,
      response: { 200: SignatureRequestList, ...errors },
    },
    handler: (request) => requests.list(deps, userCaller(request), request.query),
  });

  r.get('/v3/signature-requests/:id', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'A request the caller owns, signs or observes',
      params: RequestIdParams,
      response: { 200: SignatureRequest, ...errors },
    },
    handler: (request) => requests.get(deps, userCaller(request), request.params.id),
  });

  r.post('/v3/signature-requests/:id/initiate', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Send a draft: creates the signature fields and invites the signers (DRAFT → OPEN)',
      params: RequestIdParams,
      response: { 200: SignatureRequest, ...errors },
    },
    handler: (request) => requests.initiate(deps, userCaller(request), request.params.id),
  });

  r.get('/v3/signature-requests/:id/events', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'The audit trail (hash-chained) and whether the chain is intact',
      params: RequestIdParams,
      response: { 200: EventList, ...errors },
    },
    handler: (request) => requests.events(deps, userCaller(request), request.params.id),
  });

  r.get('/v3/signature-requests/:id/lock-status', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'Whether a signature is being added right now (retry after the given seconds)',
      params: RequestIdParams,
      response: { 200: LockStatus, ...errors },
    },
    handler: (request) => requests.lockStatus(deps, userCaller(request), request.params.id),
  });

  r.get('/v3/direct/signature-requests/:id', {
    config: { auth: 'nas' },
    schema: {
      tags,
      summary: 'Direct sign: the request of the visitor',
      params: RequestIdParams,
      response: { 200: SignatureRequest, ...errors },
    },
    handler: (request) => requests.get(deps, visitorCaller(request), request.params.id),
  });

  r.get('/v3/direct/signature-requests/:id/events', {
    config: { auth: 'nas' },
    schema: {
      tags,
      summary: 'Direct sign: the audit trail',
      params: RequestIdParams,
      response: { 200: EventList, ...errors },
    },
    handler: (request) => requests.events(deps, visitorCaller(request), request.params.id),
  });

  r.get('/v3/direct/signature-requests/:id/lock-status', {
    config: { auth: 'nas' },
    schema: {
      tags,
      summary: 'Direct sign: lock status',
      params: RequestIdParams,
      response: { 200: LockStatus, ...errors },
    },
    handler: (request) => requests.lockStatus(deps, visitorCaller(request), request.params.id),
  });
}
