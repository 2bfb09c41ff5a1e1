import { z } from 'zod';

/** The output formats of the image endpoint (spec §7); WebP is the web app's default (§9). */
export const ImageFormat = z.enum(['webp', 'avif', 'png', 'jpeg']);
export type ImageFormat = z.infer<typeof ImageFormat>;

/** How the picture fills the box w × h (sharp's and the CSS object-fit's words). */
export const ImageFit = z.enum(['cover', 'contain', 'fill', 'inside', 'outside']);

/** Which part of the picture stays when `fit` cuts it (cover, contain). */
export const ImagePosition = z.enum(['center', 'top', 'right', 'bottom', 'left']);

/** The longest side the endpoint draws, and the most pixels of one answer (2000 × 2000). */
export const imageLimits = { maxSide: 4000, maxPixels: 4_000_000 } as const;

/**
 * A source is one of the site's own pictures, a path below /img/ (what the web's public/img holds):
 * no scheme, no host, no way up, so the endpoint never fetches anything on a caller's behalf.
 */
const SourcePath = z
  .string()
  .max(200)
  .refine((url) => !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url), {
    message: "must be a path of Signet's own images (/img/…); remote addresses are not fetched",
  })
  .refine((url) => /^\/img\/[\w-]+(\/[\w-]+)*\.(svg|png|jpe?g|webp)$/i.test(url), {
    message: 'must name a picture below /img/ (letters, digits, - and _; .svg, .png, .jpg or .webp)',
  });

const Side = z.coerce.number().int().min(1).max(imageLimits.maxSide);

/** GET /v1/images (and the site's /.netlify/images): the query of one variant. */
export const ImageQuery = z
  .strictObject({
    url: SourcePath,
    w: Side.optional(),
    h: Side.optional(),
    fm: ImageFormat.default('webp'),
    q: z.coerce.number().int().min(1).max(100).default(75),
    fit: ImageFit.default('cover'),
    position: ImagePosition.default('center'),
  })
  .refine((query) => (query.w ?? 1) * (query.h ?? 1) <= imageLimits.maxPixels, {
    path: ['w'],
    message: `w × h must be at most ${imageLimits.maxPixels} pixels`,
  });
export type ImageQuery = z.infer<typeof ImageQuery>;
