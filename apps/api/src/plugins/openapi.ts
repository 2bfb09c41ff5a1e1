import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthPolicy } from '@signet/contracts/common';
import { errorsOf, type Endpoint } from '@signet/contracts/endpoint';
import { errorCodes, ErrorResponse, type ErrorCode } from '@signet/contracts/errors';

/** The OpenAPI security requirement of each policy; public calls say so with an empty list. */
const securityOf: Record<AuthPolicy, Array<Record<string, string[]>>> = {
  public: [],
  unauthenticated: [],
  user: [{ bearer: [] }],
  member: [{ bearer: [] }],
  admin: [{ bearer: [] }],
  nas: [{ visitorLink: [] }],
  api: [{ apiUser: [] }],
};

/**
 * An operation's security: its policy's, and for calls that admit API users their Basic pair and
 * their token, except on the exchange itself (POST /v1/login takes the pair, never a token), where
 * signing in without either stays possible.
 */
function securityFor(endpoint: Endpoint, auth: AuthPolicy): Array<Record<string, string[]>> {
  if (!endpoint.apiUsers || auth === 'nas') return securityOf[auth];
  if (auth === 'public') return [{}, { apiUser: [] }];
  return [...securityOf[auth], { apiUser: [] }, { apiUserToken: [] }];
}

/** The error body every error answer shares, described once in the document's components. */
const { $schema: _, ...errorBodySchema } = z.toJSONSchema(ErrorResponse, { io: 'output' }) as Record<
  string,
  unknown
>;
const errorBodyRef = { $ref: '#/components/schemas/ErrorResponse' };

/**
 * The error answers of an endpoint, by status, each listing its codes (the body's `code` enum).
 * Errors are JSON whatever the call's success type (a PDF, an image), and the shared body is a
 * reference: inlined into every answer of every call it made the document megabytes long, more
 * than the docs page could draw.
 */
function errorResponses(endpoint: Endpoint): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorsOf(endpoint)) {
    const status = errorCodes[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const schema = { allOf: [errorBodyRef, { type: 'object', properties: { code: { enum: codes } } }] };
    responses[status] = { description: codes.join(', '), content: { 'application/json': { schema } } };
  }
  return responses;
}

/**
 * OpenAPI 3.1 generated from the routes' zod schemas, served at /api/openapi.json, with a human
 * docs page at /api/docs. Must be registered before the routes it describes.
 */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Signet API',
        version: '1.0.0',
        description: 'Electronic signatures at SES, AES, QES and Part 11 quality under eIDAS and ZertES.',
      },
      servers: [{ url: `${publicUrl}/api` }],
      components: {
        schemas: { ErrorResponse: errorBodySchema },
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'Token from POST /v1/login (24 h)' },
          visitorLink: {
            type: 'http',
            scheme: 'basic',
            description: 'Direct sign: the signer id and the secret of the visitor link (`sid:secret`)',
          },
          apiUser: {
            type: 'http',
            scheme: 'basic',
            description:
              'A business API user: its username (`api-…`) and the secret shown when it was made or reset (`api-name:secret`). Calls are limited per API user and minute (429 with Retry-After past it).',
          },
          apiUserToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              "A business API user's token: `POST /v1/login` with its Basic credentials (and no body) answers `access_token`, valid for `expires_in` seconds (15 minutes) on the same calls. Resetting the secret or deleting the API user ends it.",
          },
        },
      },
    },
    // Paths are listed relative to the server URL, which carries the /api prefix (stripBasePath).
    // The sandbox's providers under /sandbox speak their own protocols and are no part of the API:
    // listed here, they read as /api/sandbox/… addresses that do not exist.
    // Each operation made from a contract value also gets its security requirement and its error
    // answers, from that value (plugins/endpoints.ts).
    transform: (input) => {
      if (!input.url.startsWith('/api/')) return { schema: { ...input.schema, hide: true }, url: input.url };
      const transformed = jsonSchemaTransform(input);
      const config = (input.route as { config?: { auth?: AuthPolicy; endpoint?: Endpoint } }).config;
      if (!config?.endpoint || !config.auth) return transformed;
      const schema = transformed.schema as Record<string, unknown>;
      return {
        ...transformed,
        schema: {
          ...schema,
          security: securityFor(config.endpoint, config.auth),
          response: { ...(schema.response as object), ...errorResponses(config.endpoint) },
        },
      };
    },
  });

  await app.register(async (docs) => {
    // The docs page and its assets are public; declared here for every route the plugin adds.
    docs.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), auth: 'public' };
    });
    // Its Content-Security-Policy comes with every other header from plugins/security-headers.ts.
    // Sections start closed: with all of them open, Swagger UI stops drawing after ten calls once
    // the document has more than ~136 of them (no error anywhere); opened one by one, all show.
    // The base layout, without the top bar: its logo is an SVG with an inline <style> that policy
    // refuses, and its address box would load documents from elsewhere into our origin.
    await docs.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { layout: 'BaseLayout', docExpansion: 'none' },
    });
  });

  app.get('/api/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
