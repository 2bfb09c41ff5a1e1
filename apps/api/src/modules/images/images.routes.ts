import type { FastifyInstance } from 'fastify';
import { imageEndpoints } from '@signet/contracts/endpoints/images';
import { registerEndpoints } from '../../plugins/endpoints.ts';
import * as images from './images.service.ts';

/**
 * The image endpoint, under /api from its contract; with `sitePath`, also where the web app asks
 * for pictures on the site's origin (spec §7: /.netlify/images), with the same contract value.
 */
export async function imagesRoutes(
  app: FastifyInstance,
  deps: images.ImagesDeps,
  sitePath?: string,
): Promise<void> {
  const group = sitePath
    ? { transformImage: { ...imageEndpoints.transformImage, path: sitePath } }
    : imageEndpoints;
  registerEndpoints(app, group, {
    transformImage: async (request, reply) => {
      const source = await images.sourceImage(deps, request.query);
      // The name holds the source's hash: a changed picture is another variant, so this one never changes.
      reply.header('etag', source.etag).header('cache-control', 'public, max-age=31536000, immutable');
      if (request.headers['if-none-match'] === source.etag) return reply.status(304).send();
      const variant = await images.imageVariant(deps, source, request.query);
      return reply
        .header('x-image-cache', variant.cached ? 'hit' : 'miss')
        .type(variant.contentType)
        .send(variant.bytes);
    },
  });
}
