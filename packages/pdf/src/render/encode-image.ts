import sharp from 'sharp';

export type ImageFormat = 'png' | 'webp';

/**
 * Encodes raw RGB from a worker. sharp runs on libuv's thread pool, so the API's event loop stays
 * free; PNG level 6 without adaptive filtering is the measured sweet spot of size and speed.
 */
export function encodeRgb(
  raster: { width: number; height: number; pixels: Uint8Array },
  format: ImageFormat,
): Promise<Uint8Array> {
  const image = sharp(raster.pixels, { raw: { width: raster.width, height: raster.height, channels: 3 } });
  const encoded = format === 'webp' ? image.webp({ quality: 85 }) : image.png({ compressionLevel: 6 });
  return encoded.toBuffer().then((b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength));
}
