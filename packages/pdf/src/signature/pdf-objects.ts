import type * as mupdf from 'mupdf';

/**
 * Resolves an indirect reference. mupdf's shared Null object (what a missing key yields) has no
 * document and throws on resolve(), so absent entries are passed through unchanged.
 */
export function resolved(obj: mupdf.PDFObject): mupdf.PDFObject {
  return obj.isNull() ? obj : obj.resolve();
}
