import * as mupdf from 'mupdf';
import type { PageRect, PageRotation, PdfBox } from './types';

/** /Rotate as displayed: inheritable, possibly indirect, any multiple of 90 (360 ≡ 0, -90 ≡ 270). */
export function pageRotation(pageObj: mupdf.PDFObject): PageRotation {
  const raw = pageObj.getInheritable('Rotate');
  const value = raw.isNumber() ? raw.asNumber() : 0;
  const normalised = (((Math.round(value / 90) * 90) % 360) + 360) % 360;
  return normalised as PageRotation;
}

export function readBox(obj: mupdf.PDFObject): PdfBox | null {
  const box = obj;
  if (!box.isArray() || box.length !== 4) return null;
  const n = [0, 1, 2, 3].map((i) => box.get(i));
  if (!n.every((v) => v.isNumber())) return null;
  const [a, b, c, d] = n.map((v) => v.asNumber()) as [number, number, number, number];
  return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
}

/**
 * Maps a displayed top-left rectangle to PDF user space. mupdf's page transform is exactly the
 * map from user space to the displayed page (CropBox origin, /Rotate, y down), the one rendering
 * uses, so placement and page images always agree.
 */
export function pageRectToPdf(page: mupdf.PDFPage, rect: PageRect): PdfBox {
  const inverse = mupdf.Matrix.invert(page.getTransform());
  const r = mupdf.Rect.transform([rect.x, rect.y, rect.x + rect.width, rect.y + rect.height], inverse);
  return [r[0], r[1], r[2], r[3]];
}

/** The inverse of pageRectToPdf: a user-space rectangle as seen on the displayed page. */
export function pdfToPageRect(page: mupdf.PDFPage, box: PdfBox): PageRect {
  const r = mupdf.Rect.transform(box, page.getTransform());
  return { x: r[0], y: r[1], width: r[2] - r[0], height: r[3] - r[1] };
}

/** Displayed width and height in points. */
export function displayedSize(page: mupdf.PDFPage): { width: number; height: number } {
  const b = page.getBounds();
  return { width: b[2] - b[0], height: b[3] - b[1] };
}
