import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { AppError } from '../errors.ts';

// An image someone uploads (a visual signature's picture, a company logo): read with a byte limit,
// checked by its content, and re-encoded by sharp (libvips) so only pixels Signet produced are
// kept. libvips reads the dimensions from the header and refuses an image over the pixel limit
// before decoding it: a small file that unpacks to gigapixels (a decompression bomb) costs no
// memory. Vector formats (SVG) are never accepted: they can carry scripts and remote references.

/** 25 megapixels: a 5000 × 5000 photo passes, a bomb of 20000 × 20000 does not. */
const maxInputPixels = 25_000_000;

/** What one kind of upload accepts; `field` names the multipart part in errors. */
export interface ImageRule {
  field: string;
  maxBytes: number;
  /** The longer side of the stored PNG, at most. */
  maxSide: number;
  /** sharp's format names, e.g. png, jpeg, webp. */
  formats: readonly string[];
  /** The formats as people call them, for messages: "PNG or JPEG". */
  formatNames: string;
}

/** The upload's bytes, at most `maxBytes` (stops reading, and so the parser, at the first byte over). */
export async function readImageUpload(stream: Readable, rule: ImageRule): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > rule.maxBytes) {
      stream.destroy();
      const megabytes = Math.round(rule.maxBytes / (1024 * 1024));
      throw new AppError('PAYLOAD_TOO_LARGE', `The image can be at most ${megabytes} MB.`, {
        field: rule.field,
      });
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const notSupported = (rule: ImageRule, cause?: unknown) =>
  new AppError(
    'IMAGE_NOT_SUPPORTED',
    `This file is not a ${rule.formatNames} image. Upload a ${rule.formatNames}.`,
    { field: rule.field, cause },
  );

/**
 * A PNG of at most `rule.maxSide` px on its longer side, turned upright (EXIF orientation), with
 * its transparency kept (a JPEG has none: its background stays as it is), and its size.
 */
export async function normalizeImage(
  bytes: Buffer,
  rule: ImageRule,
): Promise<{ png: Buffer; width: number; height: number }> {
  const options = { limitInputPixels: maxInputPixels, failOn: 'error' as const, sequentialRead: true };
  let format: string | undefined;
  let pixels: number;
  try {
    // metadata() reads the header only; its own pixel-limit error would not say what is wrong.
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch (error) {
    throw notSupported(rule, error);
  }
  if (!format || !rule.formats.includes(format)) throw notSupported(rule);
  if (pixels > maxInputPixels)
    throw new AppError(
      'IMAGE_TOO_MANY_PIXELS',
      `The image has more than 25 megapixels. Scale it down (${rule.maxSide} px wide is plenty) and upload it again.`,
      { field: rule.field },
    );
  try {
    const { data, info } = await sharp(bytes, options)
      .rotate()
      .resize({ width: rule.maxSide, height: rule.maxSide, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch (error) {
    // Only the header was sound: the pixel data is truncated or corrupt.
    throw notSupported(rule, error);
  }
}
