import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

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
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'Token from POST /v1/login (24 h)' },
          basic: {
            type: 'http',
            scheme: 'basic',
            description: 'Direct sign: user id and signature request id',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (documentObject) => {
      const spec =
        'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
      // Routes are registered under /api; the server URL carries that prefix already.
      const paths: Record<string, unknown> = {};
      for (const [path, item] of Object.entries(spec.paths ?? {})) {
        if (path.startsWith('/api/')) paths[path.slice(4)] = item;
      }
      return { ...spec, paths } as typeof spec;
    },
  });

  await app.register(async (docs) => {
    // The docs page and its assets are public; declared here for every route the plugin adds.
    docs.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), auth: 'public' };
    });
    await docs.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });

  app.get('/api/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
