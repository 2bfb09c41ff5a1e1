import * as mupdf from 'mupdf';
import { PdfError } from '../errors';
import { assertPdfHeader, hasEofMarker } from './pdf-bytes';

export interface OpenedPdf {
  doc: mupdf.PDFDocument;
  /** The file opened only through cross-reference repair. */
  repaired: boolean;
  /** A user password was needed (and given). */
  userPasswordRequired: boolean;
  /** The given password is the owner password: the file's permissions no longer restrict. */
  ownerPassword: boolean;
}

/** mupdf reports recoverable damage through its log; a task collects it to judge the file. */
const warnings: string[] = [];
mupdf.setLog({ warning: (m) => warnings.push(m), error: (m) => warnings.push(m) });

/** Damage that a repair cannot make trustworthy: the page list itself is unreliable. */
const PAGE_TREE_DAMAGE = /page tree|cycle in|non-page object/i;

/**
 * Opens and checks a PDF inside an engine worker (synchronous: mupdf runs on the worker's thread).
 * Policy: a file that opens only via repair is accepted and flagged (`repaired`); a page tree with
 * a loop or foreign nodes, a file cut off before its end, or one without pages is PDF_DAMAGED.
 */
export function openPdfDocument(bytes: Uint8Array, password?: string): OpenedPdf {
  assertPdfHeader(bytes);
  warnings.length = 0;
  let doc: mupdf.PDFDocument;
  try {
    doc = new mupdf.PDFDocument(bytes);
  } catch {
    throw new PdfError('PDF_DAMAGED', 'the PDF structure cannot be read');
  }
  const userPasswordRequired = doc.needsPassword();
  // mupdf answers 2 for the user password, 4 for the owner password, 6 for both, 0 for neither;
  // a file that opens without a password stays open when a wrong one is tried.
  const encrypted = !doc.getTrailer().get('Encrypt').isNull();
  const authenticated =
    encrypted && password !== undefined && password !== '' ? doc.authenticatePassword(password) : 0;
  if (userPasswordRequired && authenticated === 0) {
    doc.destroy();
    throw new PdfError('PDF_PASSWORD_REQUIRED', 'the file is encrypted and needs its user password');
  }
  const ownerPassword = (authenticated & 4) !== 0;
  try {
    // Load every page once: page-tree loops and dangling objects surface only on traversal, and
    // mupdf may fall back to repair lazily while resolving objects.
    const count = doc.countPages();
    if (count < 1) throw new PdfError('PDF_DAMAGED', 'the document has no pages');
    for (let i = 0; i < count; i++) doc.findPage(i);
    doc.getTrailer().get('Root', 'AcroForm', 'Fields').isArray();
  } catch (e) {
    doc.destroy();
    if (e instanceof PdfError) throw e;
    throw new PdfError('PDF_DAMAGED', 'the page tree cannot be read');
  }
  const repaired = doc.wasRepaired();
  const damage = warnings.find((w) => PAGE_TREE_DAMAGE.test(w));
  if (damage !== undefined) {
    doc.destroy();
    throw new PdfError('PDF_DAMAGED', 'the page tree is invalid (loop or foreign node)');
  }
  if (repaired && !hasEofMarker(bytes)) {
    doc.destroy();
    throw new PdfError('PDF_DAMAGED', 'the file is truncated: its end is missing');
  }
  return { doc, repaired, userPasswordRequired, ownerPassword };
}

/** Runs `fn` on an opened document and always frees the document's WASM memory. */
export function withPdfDocument<T>(
  bytes: Uint8Array,
  password: string | undefined,
  fn: (opened: OpenedPdf) => T,
): T {
  const opened = openPdfDocument(bytes, password);
  try {
    return fn(opened);
  } finally {
    opened.doc.destroy();
  }
}
