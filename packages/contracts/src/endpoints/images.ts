import { defineEndpoint } from '../endpoint.ts';
import { ImageQuery } from '../images.ts';

/** The image transformation endpoint (spec §7 Other); the site also serves it at its images path. */
export const imageEndpoints = {
  transformImage: defineEndpoint({
    method: 'GET',
    path: '/v1/images',
    auth: 'public',
    summary:
      "One of the site's own pictures resized and encoded (url, w, h, fm, q, fit, position); immutable, with an ETag",
    tags: ['Platform'],
    query: ImageQuery,
    status: 200,
    response: { binary: ['image/webp', 'image/avif', 'image/png', 'image/jpeg'] },
    errors: ['NOT_FOUND', 'IMAGE_NOT_SUPPORTED', 'IMAGE_TOO_MANY_PIXELS'],
  }),
};
