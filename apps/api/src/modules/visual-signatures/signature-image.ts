import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { maxSignatureImageBytes, maxSignatureImageSide } from '@signet/contracts/visual-signatures';
import { AppError } from '../../errors.ts';

// A person's custom signature image: read with a byte limit, checked by its content, and re-encoded
// by sharp (libvips) so only pixels Signet produced reach a PDF. libvips reads the dimensions from
// the header and refuses an image over the pixel limit before decoding it: a small file that
// unpacks to gigapixels (a decompression bomb) costs no memory.

/** 25 megapixels: a 5000 × 5000 photo passes, a bomb of 20000 × 20000 does not. */
const maxInputPixels = 25_000_000;
const field = { field: 'image' };

/** The upload's bytes, at most 2 MB (stops reading, and so the parser, at the first byte over). */
export async function readImageUpload(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > maxSignatureImageBytes) {
      stream.destroy();
      throw new AppError('PAYLOAD_TOO_LARGE', 'The image can be at most 2 MB.', field);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const notSupported = (cause?: unknown) =>
  new AppError('IMAGE_NOT_SUPPORTED', 'This file is not a PNG or JPEG image. Upload a PNG or JPEG.', {
    ...field,
    cause,
  });

/**
 * A PNG of at most 1500 px on its longer side, turned upright (EXIF orientation), with its
 * transparency kept (a JPEG has none: its background stays as it is).
 */
export async function normalizeSignatureImage(bytes: Buffer): Promise<Buffer> {
  const options = { limitInputPixels: maxInputPixels, failOn: 'error' as const, sequentialRead: true };
  let format: string | undefined;
  let pixels: number;
  try {
    // metadata() reads the header only; its own pixel-limit error would not say what is wrong.
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch (error) {
    throw notSupported(error);
  }
  if (format !== 'png' && format !== 'jpeg') throw notSupported();
  if (pixels > maxInputPixels)
    throw new AppError(
      'IMAGE_TOO_MANY_PIXELS',
      'The image has more than 25 megapixels. Scale it down (1500 px wide is plenty) and upload it again.',
      field,
    );
  try {
    return await sharp(bytes, options)
      .rotate()
      .resize({
        width: maxSignatureImageSide,
        height: maxSignatureImageSide,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch (error) {
    // Only the header was sound: the pixel data is truncated or corrupt.
    throw notSupported(error);
  }
}
