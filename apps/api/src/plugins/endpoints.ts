import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthPolicy } from '@signet/contracts/common';
import {
  errorsOf,
  type Endpoint,
  type HandlerResultOf,
  type ParsedBodyOf,
  type ParsedParamsOf,
  type ParsedQueryOf,
} from '@signet/contracts/endpoint';
import type { ErrorCode } from '@signet/contracts/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract value a route was registered from (plugins/endpoints.ts). */
    endpoint?: Endpoint;
  }
}

/** The request a handler of endpoint E sees: params, query and body already validated by E's schemas. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: ParsedParamsOf<E>;
  Querystring: ParsedQueryOf<E>;
  Body: ParsedBodyOf<E>;
}>;

/**
 * A handler answers with the JSON the contract describes (the response schema serialises it),
 * or sends the reply itself (binary answers, headers). The status is the endpoint's unless the
 * handler sets another.
 */
type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<HandlerResultOf<E> | FastifyReply | void> | HandlerResultOf<E> | FastifyReply | void;

/** One handler for each endpoint of a group: a contract value without a handler fails type-checking. */
export type Handlers<G extends Record<string, Endpoint>> = { [K in keyof G]: EndpointHandler<G[K]> };

/**
 * Registers every endpoint of a contract group (packages/contracts/src/endpoints/*) with its
 * handler; an endpoint with a visitorPath also at that path for direct-sign visitors (policy nas).
 */
export function registerEndpoints<G extends Record<string, Endpoint>>(
  app: FastifyInstance,
  group: G,
  handlers: Handlers<G>,
): void {
  for (const name of Object.keys(group) as Array<keyof G & string>) {
    const endpoint = group[name]!;
    const handler = handlers[name] as EndpointHandler<Endpoint>;
    registerRoute(app, endpoint, endpoint.path, endpoint.auth, handler);
    if (endpoint.visitorPath) registerRoute(app, endpoint, endpoint.visitorPath, 'nas', handler);
  }
}

function registerRoute(
  app: FastifyInstance,
  endpoint: Endpoint,
  url: string,
  auth: AuthPolicy,
  handler: EndpointHandler<Endpoint>,
): void {
  const files = endpoint.response && 'binary' in endpoint.response ? endpoint.response : undefined;
  const binary = files && (files.json ? ['application/json', ...files.binary] : files.binary);
  const success = endpoint.status === 204 ? z.null() : files ? files.json : (endpoint.response as z.ZodType);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url,
    config: { auth, endpoint },
    ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
    schema: {
      tags: [...endpoint.tags],
      summary:
        auth === 'nas' && url !== endpoint.path ? `Direct sign: ${endpoint.summary}` : endpoint.summary,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.multipart ? { consumes: ['multipart/form-data'] } : {}),
      ...(binary ? { produces: [...binary] } : {}),
      ...(success ? { response: { [endpoint.status]: success } } : {}),
    },
    handler: async (request, reply) => {
      reply.status(endpoint.status);
      const result = await handler(request as EndpointRequest<Endpoint>, reply);
      if (result === reply || reply.sent) return reply;
      if (endpoint.status === 204) return reply.send(null);
      return result;
    },
  });
}

/** Which codes a route declares; undefined for routes not made from a contract value (docs, sandbox). */
function declaredErrors(request: FastifyRequest): Set<ErrorCode> | undefined {
  const endpoint = request.routeOptions.config.endpoint;
  return endpoint ? new Set(errorsOf(endpoint)) : undefined;
}

/**
 * In tests, an error answer whose code its endpoint does not declare becomes a loud 500, so the
 * contract's error list cannot drift from what the handlers do. Production answers as it is.
 */
export function failOnUndeclaredErrors(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    const declared = declaredErrors(request);
    if (!declared) return payload;
    let code: ErrorCode | undefined;
    try {
      code = (JSON.parse(payload) as { code?: ErrorCode }).code;
    } catch {
      return payload;
    }
    if (code === undefined || declared.has(code)) return payload;
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    request.log.error({ code, route }, 'answer with an error code its endpoint does not declare');
    reply.status(500);
    return JSON.stringify({
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      message: `${route} answered ${code}, which its contract does not declare (add it to its errors).`,
    });
  });
}
