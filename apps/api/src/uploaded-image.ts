import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { AppError } from './errors.ts';
import { multipartParts } from './plugins/multipart.ts';

// An uploaded picture (a person's signature image, a seal's image, a company logo): read with a byte limit,
// checked by its content, and re-encoded by sharp (libvips) so only pixels Signet produced reach a
// PDF. libvips reads the dimensions from the header and refuses an image over the pixel limit
// before decoding it: a small file that unpacks to gigapixels (a decompression bomb) costs no memory.

/** 25 megapixels: a 5000 × 5000 photo passes, a bomb of 20000 × 20000 does not. */
const maxInputPixels = 25_000_000;

/** What an upload may be, and what it is kept as. */
export interface ImageRules {
  /** The multipart part that carries it, named in errors; `image` unless said otherwise. */
  field?: string;
  /** sharp's format names, e.g. png, jpeg, webp. */
  formats: readonly string[];
  maxBytes: number;
  /** The longer side of the stored PNG, at most. */
  maxSide: number;
}

const formatList = (formats: readonly string[]) =>
  formats.map((f) => f.toUpperCase()).join(formats.length > 2 ? ', ' : ' or ');

/** The upload's bytes, at most `maxBytes` (stops reading, and so the parser, at the first byte over). */
async function readImageUpload(stream: Readable, rules: ImageRules): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > rules.maxBytes) {
      stream.destroy();
      const megabytes = rules.maxBytes / 1024 / 1024;
      throw new AppError('PAYLOAD_TOO_LARGE', `The image can be at most ${megabytes} MB.`, fieldOf(rules));
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const fieldOf = (rules: ImageRules) => ({ field: rules.field ?? 'image' });

/** The PNG Signet keeps, and its size in pixels. */
export interface KeptImage {
  png: Buffer;
  width: number;
  height: number;
}

const notSupported = (rules: ImageRules, cause?: unknown) =>
  new AppError(
    'IMAGE_NOT_SUPPORTED',
    `This file is not a ${formatList(rules.formats)} image. Upload a ${formatList(rules.formats)}.`,
    { ...fieldOf(rules), cause },
  );

/**
 * A PNG of at most `maxSide` px on its longer side, turned upright (EXIF orientation), with its
 * transparency kept (a JPEG has none: its background stays as it is).
 */
async function normalizeUploadedImage(bytes: Buffer, rules: ImageRules): Promise<KeptImage> {
  const options = { limitInputPixels: maxInputPixels, failOn: 'error' as const, sequentialRead: true };
  let format: string | undefined;
  let pixels: number;
  try {
    // metadata() reads the header only; its own pixel-limit error would not say what is wrong.
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch (error) {
    throw notSupported(rules, error);
  }
  if (!format || !rules.formats.includes(format)) throw notSupported(rules);
  if (pixels > maxInputPixels)
    throw new AppError(
      'IMAGE_TOO_MANY_PIXELS',
      `The image has more than 25 megapixels. Scale it down (${rules.maxSide} px wide is plenty) and upload it again.`,
      fieldOf(rules),
    );
  try {
    const { data, info } = await sharp(bytes, options)
      .rotate()
      .resize({ width: rules.maxSide, height: rules.maxSide, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch (error) {
    // Only the header was sound: the pixel data is truncated or corrupt.
    throw notSupported(rules, error);
  }
}

/**
 * The image part (`rules.field`) of a multipart upload, read within the limits and re-encoded as
 * the PNG to keep; a request without one is refused naming the field.
 */
export async function uploadedImage(request: FastifyRequest, rules: ImageRules): Promise<KeptImage> {
  const { field } = fieldOf(rules);
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data.');
  for await (const part of multipartParts(request)) {
    if (part.type !== 'file' || part.fieldname !== field) continue;
    return normalizeUploadedImage(await readImageUpload(part.file, rules), rules);
  }
  throw new AppError(
    'VALIDATION_FAILED',
    `Attach the ${formatList(rules.formats)} as the \`${field}\` part.`,
    { field },
  );
}
