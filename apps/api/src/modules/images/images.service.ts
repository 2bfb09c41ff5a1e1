import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import sharp from 'sharp';
import { imageLimits, type ImageFormat, type ImageQuery } from '@signet/contracts/images';
import { AppError } from '../../errors.ts';
import type { VariantCache } from './variant-cache.ts';

// The image transformation endpoint (spec §7): the site's own pictures, resized and encoded with
// sharp (libvips). Sources are files below the built web app's img/ folder, never a remote address.
// Dimensions are read from the header before any pixel is decoded: a small file that unpacks to
// gigapixels (a decompression bomb) is refused without costing memory.

export interface ImagesDeps {
  /** The built web app (its img/ folder holds the sources). */
  webDist: string;
  cache: VariantCache;
}

/** The most pixels a source may be decoded to (an SVG: at the density drawn). */
const maxSourcePixels = 25_000_000;
/** A source file larger than this is no picture of the site's. */
const maxSourceBytes = 10 * 1024 * 1024;
const sourceFormats = new Set(['svg', 'png', 'jpeg', 'webp']);

const contentTypes: Record<ImageFormat, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
  jpeg: 'image/jpeg',
};

/** A source picture and the name of the variant the query asks of it (the ETag and cache key). */
export interface SourceImage {
  bytes: Buffer;
  key: string;
  etag: string;
}

/** Errors name the query's fields as schema validation does. */
const urlField = 'querystring.url';

const notFound = () =>
  new AppError('NOT_FOUND', 'There is no such picture below /img/.', { field: urlField });

export async function sourceImage(deps: ImagesDeps, query: ImageQuery): Promise<SourceImage> {
  const root = resolve(deps.webDist, 'img');
  const path = resolve(deps.webDist, `.${query.url}`);
  // The contract allows no '..', this keeps it so should the pattern ever loosen.
  if (!path.startsWith(root + sep)) throw notFound();
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) throw notFound();
  if (info.size > maxSourceBytes)
    throw new AppError('IMAGE_TOO_MANY_PIXELS', 'The picture is too large to transform.', {
      field: urlField,
    });
  const bytes = await readFile(path);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  const key = `${hash}-${query.w ?? 'auto'}x${query.h ?? 'auto'}-${query.fit}-${query.position}-q${query.q}.${query.fm}`;
  return { bytes, key, etag: `"${key}"` };
}

export interface ImageVariant {
  bytes: Buffer;
  contentType: string;
  /** Whether it came from the cache (no encoding done). */
  cached: boolean;
}

/** The variant the query asks of the source: from the cache, or encoded once and kept. */
export async function imageVariant(
  deps: ImagesDeps,
  source: SourceImage,
  query: ImageQuery,
): Promise<ImageVariant> {
  const contentType = contentTypes[query.fm];
  const cached = await deps.cache.get(source.key);
  if (cached) return { bytes: cached, contentType, cached: true };
  const bytes = await encodeVariant(source.bytes, query);
  await deps.cache.put(source.key, bytes);
  return { bytes, contentType, cached: false };
}

const tooManyPixels = (field: 'url' | 'w' | 'h', message: string) =>
  new AppError('IMAGE_TOO_MANY_PIXELS', message, { field: `querystring.${field}` });

/** Width and height of the answer, as sharp's resize will make them. */
function outputSize(source: { width: number; height: number }, query: ImageQuery) {
  const { w, h } = query;
  if (w === undefined && h === undefined) return source;
  if (w === undefined || h === undefined) {
    const scale = w !== undefined ? w / source.width : h! / source.height;
    return { width: Math.round(source.width * scale), height: Math.round(source.height * scale) };
  }
  if (query.fit !== 'inside' && query.fit !== 'outside') return { width: w, height: h };
  const pick = query.fit === 'inside' ? Math.min : Math.max;
  const scale = pick(w / source.width, h / source.height);
  return { width: Math.round(source.width * scale), height: Math.round(source.height * scale) };
}

async function encodeVariant(bytes: Buffer, query: ImageQuery): Promise<Buffer> {
  let meta: sharp.Metadata;
  try {
    // Header only: its dimensions decide whether decoding is safe at all.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new AppError('IMAGE_NOT_SUPPORTED', 'The picture cannot be read.', {
      field: urlField,
      cause: error,
    });
  }
  const { format, width = 0, height = 0 } = meta;
  if (!format || !sourceFormats.has(format) || width < 1 || height < 1)
    throw new AppError('IMAGE_NOT_SUPPORTED', 'The picture is no SVG, PNG, JPEG or WebP.', {
      field: urlField,
    });
  const output = outputSize({ width, height }, query);
  if (
    output.width * output.height > imageLimits.maxPixels ||
    Math.max(output.width, output.height) > imageLimits.maxSide
  )
    throw tooManyPixels(
      query.w !== undefined ? 'w' : query.h !== undefined ? 'h' : 'url',
      `The answer would be ${output.width} × ${output.height} px; at most ${imageLimits.maxPixels} pixels and ${imageLimits.maxSide} px a side. Ask a smaller w or h.`,
    );
  // A vector is drawn at the size asked for (sharp at 2× stays crisp), not drawn small and enlarged.
  const scale = format === 'svg' ? Math.max(output.width / width, output.height / height) : 1;
  const density = Math.min(100_000, Math.max(1, 72 * scale));
  const decoded = width * height * (density / 72) ** 2;
  if (format !== 'svg' && decoded > maxSourcePixels)
    throw tooManyPixels('url', 'The picture has more than 25 megapixels and is not transformed.');
  if (format === 'svg' && decoded > maxSourcePixels)
    throw tooManyPixels('url', 'The drawing would be more than 25 megapixels at that size.');
  try {
    const image = sharp(bytes, {
      limitInputPixels: maxSourcePixels,
      failOn: 'error',
      ...(format === 'svg' ? { density } : {}),
    }).resize({
      width: query.w ?? (query.h === undefined ? output.width : undefined),
      height: query.h,
      fit: query.fit,
      position: query.position === 'center' ? 'centre' : query.position,
      // contain's bars and an SVG's empty parts stay transparent (a JPEG gets white below).
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    });
    switch (query.fm) {
      case 'webp':
        return await image.webp({ quality: query.q }).toBuffer();
      case 'avif':
        return await image.avif({ quality: query.q, effort: 2 }).toBuffer();
      case 'png':
        return await image.png().toBuffer();
      case 'jpeg':
        return await image.flatten({ background: '#ffffff' }).jpeg({ quality: query.q }).toBuffer();
    }
  } catch (error) {
    // Only the header was sound: the pixel data is truncated or corrupt.
    throw new AppError('IMAGE_NOT_SUPPORTED', 'The picture cannot be decoded.', {
      field: urlField,
      cause: error,
    });
  }
}

/** The cache folder below the data folder. */
export const variantCacheDir = (dataDir: string) => join(dataDir, 'image-cache');
