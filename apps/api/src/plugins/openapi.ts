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
    // The sandbox's providers under /sandbox speak their own protocols and are no part of the API:
    // listed here, they read as /api/sandbox/… addresses that do not exist.
    transform: (input) =>
      input.url.startsWith('/api/')
        ? jsonSchemaTransform(input)
        : { schema: { ...input.schema, hide: true }, url: input.url },
  });

  await app.register(async (docs) => {
    // The docs page and its assets are public; declared here for every route the plugin adds.
    docs.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), auth: 'public' };
    });
    // Its Content-Security-Policy comes with every other header from plugins/security-headers.ts.
    // The base layout, without the top bar: its logo is an SVG with an inline <style> that policy
    // refuses, and its address box would load documents from elsewhere into our origin.
    await docs.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { layout: 'BaseLayout' } });
  });

  app.get('/api/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
