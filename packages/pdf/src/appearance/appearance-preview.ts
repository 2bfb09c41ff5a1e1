import * as mupdf from 'mupdf';
import { packedPixels, cappedScale } from '../render/rasterize';
import { buildSignatureAppearance } from './build-signature-appearance';
import type { VisualSignatureData } from './visual-signature-data';

/** Renders an appearance alone on a white page of its size (worker side). */
export function buildAppearancePreview(
  size: { width: number; height: number },
  data: VisualSignatureData,
  scale: number,
): { width: number; height: number; pixels: Uint8Array } {
  const doc = new mupdf.PDFDocument();
  try {
    const xobject = buildSignatureAppearance(doc, size, data);
    doc.insertPage(-1, doc.addPage([0, 0, size.width, size.height], 0, { XObject: { A: xobject } }, '/A Do'));
    const page = doc.loadPage(0);
    const used = cappedScale(size.width, size.height, scale) / 100;
    const pixmap = page.toPixmap(mupdf.Matrix.scale(used, used), mupdf.ColorSpace.DeviceRGB, false, true);
    try {
      return packedPixels(pixmap);
    } finally {
      pixmap.destroy();
      page.destroy();
    }
  } finally {
    doc.destroy();
  }
}
