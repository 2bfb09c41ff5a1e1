import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * JSON bodies as Fastify parses them (the same errors), keeping the exact text received: a
 * provider's webhook signature covers those bytes, and parsing loses them. Applies to the routes of
 * the plugin context it is called in; answers the raw text of a request of that context.
 */
export function keepRawJsonBodies(app: FastifyInstance): (request: FastifyRequest) => string {
  const rawBodies = new WeakMap<FastifyRequest, string>();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    rawBodies.set(request, body as string);
    parseJson(request, body as string, done);
  });
  return (request) => rawBodies.get(request) ?? '';
}
