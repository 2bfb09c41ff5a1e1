import * as mupdf from 'mupdf';

/**
 * Loads the signer's PNG/JPEG. In PDF/A-1 files transparency is forbidden, so there a transparent
 * image is flattened onto white (elsewhere it keeps its alpha and page content shows through).
 */
export function loadSignatureImage(bytes: Uint8Array, opaque: boolean): mupdf.Image {
  const image = new mupdf.Image(bytes);
  if (!opaque) return image;
  const source = image.toPixmap();
  try {
    if (source.getAlpha() === 0 && image.getMask() === null) return image;
    const width = source.getWidth();
    const height = source.getHeight();
    const rgb =
      source.getColorSpace()?.toString() === '[ColorSpace DeviceRGB]'
        ? source
        : source.convertToColorSpace(mupdf.ColorSpace.DeviceRGB, true);
    const flat = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, width, height], false);
    const from = rgb.getPixels();
    const to = flat.getPixels();
    const inStride = rgb.getStride();
    const outStride = flat.getStride();
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * inStride + x * 4;
        const o = y * outStride + x * 3;
        // Premultiplied alpha: over white, each channel is colour + (255 - alpha).
        const white = 255 - (from[i + 3] ?? 255);
        to[o] = (from[i] ?? 0) + white;
        to[o + 1] = (from[i + 1] ?? 0) + white;
        to[o + 2] = (from[i + 2] ?? 0) + white;
      }
    }
    if (rgb !== source) rgb.destroy();
    image.destroy();
    const result = new mupdf.Image(flat);
    flat.destroy();
    return result;
  } finally {
    source.destroy();
  }
}

/** Whether the document claims PDF/A-1 in its XMP metadata (pdfaid:part 1). */
export function claimsPdfA1(doc: mupdf.PDFDocument): boolean {
  const metadata = doc.getTrailer().get('Root', 'Metadata');
  if (!metadata.isStream()) return false;
  const stream = metadata.readStream();
  const xmp = stream.asUint8Array().slice(0, 64 * 1024);
  stream.destroy();
  const text = new TextDecoder('utf-8', { fatal: false }).decode(xmp);
  return /pdfaid:part\s*(=\s*["']1["']|>\s*1\s*<)/.test(text);
}
