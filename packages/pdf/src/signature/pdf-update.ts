import * as mupdf from 'mupdf';
import { resolved } from './pdf-objects';
import { PdfError } from '../errors';
import { findPdfHeader } from '../document/pdf-bytes';
import { assertSigningPermitted } from '../fields/document-permissions';
import { findSignatureField } from '../fields/form-fields';
import { applyFieldLock, readFieldLock } from '../fields/field-lock';
import { applySignatureAppearance } from '../appearance/build-signature-appearance';
import type { VisualSignatureData } from '../appearance/visual-signature-data';

/** Placeholder numbers: 10 digits (the widest int mupdf writes), so any real offset fits in place. */
const BYTE_RANGE_PLACEHOLDER = 1999999999;

export type ByteRange = [number, number, number, number];

interface SignatureDictionary {
  type: 'Sig' | 'DocTimeStamp';
  subFilter: string;
  /** Bytes reserved for the DER signature (the hex string holds twice as many characters). */
  contentsSize: number;
  signingTime?: Date;
  reason?: string;
  location?: string;
  name?: string;
}

export interface SignatureRevisionRequest {
  dictionary: SignatureDictionary;
  /** Fill this existing empty signature field; without it an invisible field is created on page 1. */
  fieldName?: string;
  /** Name for the created invisible field (document timestamps). */
  newFieldName?: string;
  /** The visible signature drawn into the field's widget; the field keeps its look when absent. */
  appearance?: VisualSignatureData;
  password?: string;
}

export interface SignatureRevision {
  /** The whole file with the new revision appended; ByteRange final, /Contents still zeros. */
  pdf: Uint8Array;
  byteRange: ByteRange;
  /** Offsets of the hex digits between "<" and ">" of /Contents. */
  contentsHexStart: number;
  contentsHexEnd: number;
}

/**
 * Opens a document for an incremental update. Files that open only through repair are refused:
 * their bytes cannot be kept as a prefix, so the caller must store the normalised rewrite first.
 */
export function openForUpdate(bytes: Uint8Array, password?: string): mupdf.PDFDocument {
  if (findPdfHeader(bytes) < 0) throw new PdfError('PDF_NOT_A_PDF', 'the file does not start like a PDF');
  if (findPdfHeader(bytes) > 0) {
    // Offsets of such files are not file offsets; only a normalised rewrite can be signed.
    throw new PdfError('PDF_DAMAGED', 'bytes before the PDF header: normalise the file before signing');
  }
  let doc: mupdf.PDFDocument;
  try {
    doc = new mupdf.PDFDocument(bytes);
  } catch {
    throw new PdfError('PDF_DAMAGED', 'the PDF structure cannot be read');
  }
  if (doc.needsPassword() && (password === undefined || doc.authenticatePassword(password) === 0)) {
    doc.destroy();
    throw new PdfError('PDF_PASSWORD_REQUIRED', 'the file is encrypted and needs its user password');
  }
  if (doc.wasRepaired()) {
    doc.destroy();
    throw new PdfError('PDF_DAMAGED', 'the file needs repair: normalise it before signing');
  }
  return doc;
}

/**
 * Saves mupdf's incremental update and returns `input` followed by the appended bytes. Only the
 * appended part is copied out of WASM memory (large files are not copied twice), after checking
 * that mupdf kept the input as the exact prefix: earlier signatures depend on every byte.
 */
export function saveIncrement(doc: mupdf.PDFDocument, input: Uint8Array): Uint8Array {
  let saved: mupdf.Buffer;
  try {
    saved = doc.saveToBuffer('incremental');
  } catch (e) {
    throw new PdfError(
      'PDF_DAMAGED',
      `the document cannot be updated incrementally: ${(e as Error).message}`,
    );
  }
  try {
    const view = saved.asUint8Array();
    if (
      view.length <= input.length ||
      !Buffer.from(view.buffer, view.byteOffset, input.length).equals(input)
    ) {
      throw new Error('the incremental update did not keep the document as its prefix');
    }
    // Every byte is written below: no need to zero-fill megabytes first.
    const out: Uint8Array = Buffer.allocUnsafe(view.length);
    out.set(input, 0);
    out.set(view.subarray(input.length), input.length);
    return out;
  } finally {
    saved.destroy();
  }
}

function pdfDate(date: Date): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return (
    `D:${p(date.getUTCFullYear(), 4)}${p(date.getUTCMonth() + 1)}${p(date.getUTCDate())}` +
    `${p(date.getUTCHours())}${p(date.getUTCMinutes())}${p(date.getUTCSeconds())}+00'00'`
  );
}

function ensureAcroForm(doc: mupdf.PDFDocument): mupdf.PDFObject {
  const root = doc.getTrailer().get('Root');
  let acroForm = root.get('AcroForm');
  if (!resolved(acroForm).isDictionary()) {
    acroForm = doc.addObject(doc.newDictionary());
    acroForm.put('Fields', doc.newArray());
    root.put('AcroForm', acroForm);
  }
  const fields = acroForm.get('Fields');
  if (!resolved(fields).isArray()) acroForm.put('Fields', doc.newArray());
  return acroForm;
}

function createInvisibleField(doc: mupdf.PDFDocument, name: string): mupdf.PDFObject {
  const acroForm = ensureAcroForm(doc);
  const page = doc.findPage(0);
  const widget = doc.addObject(doc.newDictionary());
  widget.put('Type', doc.newName('Annot'));
  widget.put('Subtype', doc.newName('Widget'));
  widget.put('FT', doc.newName('Sig'));
  widget.put('T', doc.newString(name));
  widget.put('Rect', [0, 0, 0, 0]);
  widget.put('F', 132); // Print + Locked
  widget.put('P', page);
  resolved(acroForm.get('Fields')).push(widget);
  let annots = page.get('Annots');
  if (!resolved(annots).isArray()) {
    annots = doc.newArray();
    page.put('Annots', annots);
  }
  resolved(annots).push(widget);
  return widget;
}

/**
 * Appends one revision holding a signature (or document timestamp) dictionary with a zero-filled
 * /Contents placeholder, and patches /ByteRange in place. mupdf writes the update (it knows every
 * xref flavour and encrypts the new strings of encrypted files); the engine then fixes the two
 * values whose offsets only exist after writing. The input bytes stay an exact prefix.
 */
export function writeSignatureRevision(
  bytes: Uint8Array,
  request: SignatureRevisionRequest,
): SignatureRevision {
  const doc = openForUpdate(bytes, request.password);
  try {
    assertSigningPermitted(doc);
    const { dictionary } = request;
    const sig = doc.addObject(doc.newDictionary());
    sig.put('Type', doc.newName(dictionary.type));
    sig.put('Filter', doc.newName('Adobe.PPKLite'));
    sig.put('SubFilter', doc.newName(dictionary.subFilter));
    sig.put('ByteRange', [0, BYTE_RANGE_PLACEHOLDER, BYTE_RANGE_PLACEHOLDER, BYTE_RANGE_PLACEHOLDER]);
    sig.put('Contents', doc.newByteString(new Uint8Array(dictionary.contentsSize)));
    if (dictionary.signingTime) sig.put('M', doc.newString(pdfDate(dictionary.signingTime)));
    if (dictionary.name) sig.put('Name', doc.newString(dictionary.name));
    if (dictionary.reason) sig.put('Reason', doc.newString(dictionary.reason));
    if (dictionary.location) sig.put('Location', doc.newString(dictionary.location));

    if (request.fieldName !== undefined) {
      const field = findSignatureField(doc, request.fieldName);
      if (!field)
        throw new PdfError('PDF_FIELD_NOT_FOUND', `no signature field named "${request.fieldName}"`);
      if (!field.field.get('V').isNull()) {
        throw new PdfError('PDF_FIELD_ALREADY_SIGNED', `the field "${request.fieldName}" is already signed`);
      }
      // The author's /Lock of the field decides what this signature freezes (FieldMDP).
      const lock = readFieldLock(field.field);
      if (lock) applyFieldLock(doc, sig, lock);
      field.field.put('V', sig);
      if (field.widget && request.appearance) applySignatureAppearance(doc, field.widget, request.appearance);
    } else {
      const widget = createInvisibleField(doc, request.newFieldName ?? 'DocumentTimestamp');
      widget.put('V', sig);
    }
    const acroForm = ensureAcroForm(doc);
    acroForm.put('SigFlags', 3);

    return patchByteRange(saveIncrement(doc, bytes), bytes.length, sig.asIndirect());
  } finally {
    doc.destroy();
  }
}

const latin1 = new TextDecoder('latin1');

function patchByteRange(out: Uint8Array, appendedFrom: number, objectNumber: number): SignatureRevision {
  const tail = latin1.decode(out.subarray(appendedFrom));
  const objMatch = new RegExp(`(?:^|[\\r\\n])${objectNumber} 0 obj\\b`).exec(tail);
  if (!objMatch) throw new Error('the signature dictionary was not written as a plain object');
  const objStart = objMatch.index;
  const objEnd = tail.indexOf('endobj', objStart);
  const body = tail.slice(objStart, objEnd);
  const br = /\/ByteRange\s*\[([^\]]*)\]/.exec(body);
  const contents = /\/Contents\s*<([0-9A-Fa-f]*)>/.exec(body);
  if (!br || !contents) throw new Error('signature placeholders not found in the written update');
  const brInnerStart = appendedFrom + objStart + br.index + br[0].indexOf('[') + 1;
  const brInnerWidth = br[1]!.length;
  const contentsHexStart = appendedFrom + objStart + contents.index + contents[0].indexOf('<') + 1;
  const contentsHexEnd = contentsHexStart + contents[1]!.length;
  const byteRange: ByteRange = [0, contentsHexStart - 1, contentsHexEnd + 1, out.length - contentsHexEnd - 1];
  const text = byteRange.join(' ').padEnd(brInnerWidth, ' ');
  if (text.length > brInnerWidth) throw new Error('ByteRange does not fit its placeholder');
  for (let i = 0; i < text.length; i++) out[brInnerStart + i] = text.charCodeAt(i);
  // Encrypted files: mupdf encrypted the placeholder; /Contents of a signature is never encrypted,
  // so the placeholder becomes plain zeros of the same width.
  out.fill(0x30, contentsHexStart, contentsHexEnd);
  return { pdf: out, byteRange, contentsHexStart, contentsHexEnd };
}

/**
 * Writes the DER signature into the reserved /Contents (hex, zero-padded) of a copy, or of
 * `revision.pdf` itself when `inPlace` (the caller owns the bytes and spares a copy of the file).
 */
export function embedContents(revision: SignatureRevision, der: Uint8Array, inPlace = false): Uint8Array {
  const capacity = (revision.contentsHexEnd - revision.contentsHexStart) / 2;
  if (der.length > capacity) {
    throw new PdfError(
      'PDF_SIGNATURE_TOO_LARGE',
      `the signature needs ${der.length} bytes but ${capacity} were reserved`,
    );
  }
  const out = inPlace ? revision.pdf : revision.pdf.slice();
  const hex = Buffer.from(der).toString('hex');
  for (let i = 0; i < hex.length; i++) out[revision.contentsHexStart + i] = hex.charCodeAt(i);
  return out;
}

/** The bytes a ByteRange covers, without copying when they are contiguous pieces of one buffer. */
export function signedRanges(pdf: Uint8Array, byteRange: readonly number[]): Uint8Array[] {
  const [a = 0, b = 0, c = 0, d = 0] = byteRange;
  return [pdf.subarray(a, a + b), pdf.subarray(c, c + d)];
}
