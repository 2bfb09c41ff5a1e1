import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

// Images for upload tests: a real signature stroke, and hostile files made byte by byte.

/** A handwriting-like stroke on a fully transparent background (PNG), or on white (JPEG). */
export function signatureStroke(format: 'png' | 'jpeg' = 'png', width = 480, height = 160): Promise<Buffer> {
  const stroke = `<svg width="${width}" height="${height}"><path d="M10 ${height * 0.75} C ${width / 4} 0, ${width / 2} ${height}, ${width - 10} ${height * 0.25}" stroke="#123a8c" stroke-width="${Math.max(4, width / 60)}" fill="none"/></svg>`;
  const background = format === 'png' ? { r: 0, g: 0, b: 0, alpha: 0 } : { r: 255, g: 255, b: 255, alpha: 1 };
  const image = sharp({ create: { width, height, channels: 4, background } }).composite([
    { input: Buffer.from(stroke), top: 0, left: 0 },
  ]);
  return (format === 'png' ? image.png() : image.jpeg({ quality: 90 })).toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid 1-bit PNG of `side` × `side` pixels whose zeros deflate to about
 * 100 KB for 30000 px, but would take gigabytes once decoded as RGBA.
 */
export function pngBomb(side = 30_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // grayscale
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Uploads every image call refuses, each with the status and code it answers: no image, a GIF,
 * a truncated PNG, a decompression bomb and a file over 2 MB.
 */
export async function refusedImageUploads(notAnImage: Buffer): Promise<Array<[Buffer, number, string]>> {
  const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
    .gif()
    .toBuffer();
  const png = await signatureStroke();
  return [
    [notAnImage, 415, 'IMAGE_NOT_SUPPORTED'],
    [Buffer.from('not an image at all'), 415, 'IMAGE_NOT_SUPPORTED'],
    [gif, 415, 'IMAGE_NOT_SUPPORTED'],
    [png.subarray(0, Math.floor(png.length / 2)), 415, 'IMAGE_NOT_SUPPORTED'],
    [pngBomb(), 400, 'IMAGE_TOO_MANY_PIXELS'],
    [Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]), 413, 'PAYLOAD_TOO_LARGE'],
  ];
}

/** A rectangle in pixels, top-left origin. */
export interface PixelRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * How two pictures of the same size differ, outside `masked`: the mean absolute difference per
 * channel (0–255), and the share of pixels where any channel differs by more than 64.
 */
export async function pixelDifference(
  a: Uint8Array,
  b: Uint8Array,
  masked?: PixelRect,
): Promise<{ meanDelta: number; differingShare: number; width: number; height: number }> {
  const read = (png: Uint8Array) =>
    sharp(png).flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [ra, rb] = [await read(a), await read(b)];
  if (ra.info.width !== rb.info.width || ra.info.height !== rb.info.height)
    throw new Error(
      `sizes differ: ${ra.info.width}×${ra.info.height} and ${rb.info.width}×${rb.info.height}`,
    );
  const { width, height } = ra.info;
  let sum = 0;
  let samples = 0;
  let differing = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (
        masked &&
        x >= masked.left &&
        x < masked.left + masked.width &&
        y >= masked.top &&
        y < masked.top + masked.height
      )
        continue;
      let worst = 0;
      for (let c = 0; c < 3; c++) {
        const i = (y * width + x) * 3 + c;
        const delta = Math.abs((ra.data[i] ?? 0) - (rb.data[i] ?? 0));
        sum += delta;
        worst = Math.max(worst, delta);
      }
      samples++;
      if (worst > 64) differing++;
    }
  return { meanDelta: sum / (samples * 3), differingShare: differing / samples, width, height };
}
