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
    // Paths are listed relative to the server URL, which carries the /api prefix (stripBasePath).
    transform: jsonSchemaTransform,
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
