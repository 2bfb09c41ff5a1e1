import * as mupdf from 'mupdf';
import { PdfError } from '../errors';

/** Longest side of a page image in pixels. Beyond it the scale is reduced (e.g. 1 m banners). */
export const MAX_RENDER_SIDE = 8192;
/** Pixel budget of one page image (4096², about 48 MB of RGB); beyond it the scale is reduced. */
export const MAX_RENDER_PIXELS = 4096 * 4096;

export interface RasterizedPage {
  width: number;
  height: number;
  /** RGB, 3 bytes per pixel, rows packed. */
  pixels: Uint8Array;
  /** The scale actually used (100 = 72 dpi); below the requested one when a cap applied. */
  scale: number;
}

/** The scale that keeps a page of `width × height` points within the caps. */
export function cappedScale(width: number, height: number, scale: number): number {
  const s = scale / 100;
  const w = width * s;
  const h = height * s;
  const factor = Math.min(1, MAX_RENDER_SIDE / Math.max(w, h), Math.sqrt(MAX_RENDER_PIXELS / (w * h)));
  return scale * factor;
}

/**
 * Renders one page with its annotations and widget appearances (signed fields show). Empty
 * signature fields are left out: mupdf would paint its own "SIGN" marker there, and the web app
 * draws its own field boxes over page images.
 */
export function rasterizePage(doc: mupdf.PDFDocument, pageNumber: number, scale: number): RasterizedPage {
  if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > doc.countPages()) {
    throw new PdfError('PDF_PAGE_OUT_OF_RANGE', `page ${pageNumber} does not exist`);
  }
  const page = doc.loadPage(pageNumber - 1);
  try {
    const b = page.getBounds();
    const used = cappedScale(b[2] - b[0], b[3] - b[1], scale);
    const matrix = mupdf.Matrix.scale(used / 100, used / 100);
    const r = mupdf.Rect.transform(b, matrix);
    // Same rounding as mupdf's own page pixmaps (fz_round_rect).
    const bbox: mupdf.Rect = [
      Math.floor(r[0] + 0.001),
      Math.floor(r[1] + 0.001),
      Math.ceil(r[2] - 0.001),
      Math.ceil(r[3] - 0.001),
    ];
    const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, bbox, false);
    try {
      pixmap.clear(255);
      // The page transform goes to the run calls; the device adds none of its own.
      const device = new mupdf.DrawDevice(mupdf.Matrix.identity, pixmap);
      try {
        page.runPageContents(device, matrix);
        page.runPageAnnots(device, matrix);
        for (const widget of page.getWidgets()) {
          if (!isEmptySignature(widget)) widget.run(device, matrix);
        }
        device.close();
      } finally {
        device.destroy();
      }
      return { ...packedPixels(pixmap), scale: used };
    } finally {
      pixmap.destroy();
    }
  } finally {
    page.destroy();
  }
}

function isEmptySignature(widget: mupdf.PDFWidget): boolean {
  return widget.getFieldType() === 'signature' && widget.getObject().getInheritable('V').isNull();
}

export function packedPixels(pixmap: mupdf.Pixmap): { width: number; height: number; pixels: Uint8Array } {
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  const stride = pixmap.getStride();
  const n = pixmap.getNumberOfComponents() + pixmap.getAlpha();
  const view = pixmap.getPixels();
  const row = width * n;
  const pixels = new Uint8Array(row * height);
  if (stride === row) pixels.set(view.subarray(0, row * height));
  else for (let y = 0; y < height; y++) pixels.set(view.subarray(y * stride, y * stride + row), y * row);
  return { width, height, pixels };
}
