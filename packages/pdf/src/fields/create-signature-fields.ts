import { PdfError } from '../errors';
import { takeBuffer } from '../document/mupdf-buffer';
import type { OpenedPdf } from '../document/open-document';
import { displayedSize, pageRectToPdf, pageRotation } from '../document/page-geometry';
import { assertSigningPermitted, dropInvalidatedFormFeatures } from './document-permissions';
import { listFormFields } from './form-fields';

/** Default size of a signature field in points, as the product specifies (300 × 140). */
export const DEFAULT_FIELD_WIDTH = 300;
export const DEFAULT_FIELD_HEIGHT = 140;

/**
 * A new signature field. Coordinates: PDF points, origin at the top-left corner of the page as
 * displayed (after /Rotate, relative to the CropBox), x to the right, y downward.
 */
export interface SignatureFieldSpec {
  name: string;
  /** 1-based. */
  page: number;
  x: number;
  y: number;
  width?: number;
  height?: number;
  /** An invisible signature field: a zero-size widget (Rect [0 0 0 0]); x, y, width, height are ignored. */
  invisible?: boolean;
}

/** Slack for rounding in page sizes such as 595.2756 when a field is placed flush to an edge. */
const EDGE_TOLERANCE = 0.01;
/** Widget flags: Print (4) + Locked (128): the widget prints and cannot be moved by viewers. */
const WIDGET_FLAGS = 4 | 128;

/** Adds empty /Sig fields in ONE incremental update; the input is an exact prefix of the result. */
export function createSignatureFields(
  { doc, repaired }: OpenedPdf,
  input: Uint8Array,
  specs: SignatureFieldSpec[],
): Uint8Array {
  if (repaired || !doc.canBeSavedIncrementally()) {
    throw new PdfError(
      'PDF_DAMAGED',
      'the file needs repair: store normalizePdf(bytes) and add fields to that',
    );
  }
  assertSigningPermitted(doc);
  const taken = new Set(listFormFields(doc).map((f) => f.name));
  const pageCount = doc.countPages();
  const root = doc.getTrailer().get('Root');
  let acroForm = root.get('AcroForm');
  if (!acroForm.isDictionary()) {
    acroForm = doc.addObject(doc.newDictionary());
    root.put('AcroForm', acroForm);
  }
  let fields = acroForm.get('Fields');
  if (!fields.isArray()) {
    fields = doc.newArray();
    acroForm.put('Fields', fields);
  }
  // SignaturesExist | AppendOnly: viewers must save incrementally from now on.
  acroForm.put('SigFlags', 3);
  dropInvalidatedFormFeatures(root, acroForm);

  for (const spec of specs) {
    validateName(spec.name, taken);
    if (!Number.isInteger(spec.page) || spec.page < 1 || spec.page > pageCount) {
      throw new PdfError('PDF_PAGE_OUT_OF_RANGE', `page ${spec.page} does not exist (1..${pageCount})`);
    }
    const page = doc.loadPage(spec.page - 1);
    try {
      const rect = {
        x: spec.x,
        y: spec.y,
        width: spec.width ?? DEFAULT_FIELD_WIDTH,
        height: spec.height ?? DEFAULT_FIELD_HEIGHT,
      };
      if (!spec.invisible) validateRect(rect, displayedSize(page), spec.name);
      const pageObj = page.getObject();
      const widget = doc.addObject(doc.newDictionary());
      widget.put('Type', doc.newName('Annot'));
      widget.put('Subtype', doc.newName('Widget'));
      widget.put('FT', doc.newName('Sig'));
      widget.put('T', doc.newString(spec.name));
      widget.put('F', WIDGET_FLAGS);
      const box: [number, number, number, number] = spec.invisible ? [0, 0, 0, 0] : pageRectToPdf(page, rect);
      widget.put('Rect', box);
      widget.put('AP', blankAppearance(doc, box));
      widget.put('P', pageObj);
      // Tells viewers the page rotation the appearance must compensate for.
      widget.put('MK', { R: pageRotation(pageObj) });
      fields.push(widget);
      let annots = pageObj.get('Annots');
      if (!annots.isArray()) {
        annots = doc.newArray();
        pageObj.put('Annots', annots);
      }
      annots.push(widget);
      taken.add(spec.name);
    } finally {
      page.destroy();
    }
  }
  const output = takeBuffer(doc.saveToBuffer('incremental'));
  assertAppendOnly(input, output);
  return output;
}

/**
 * An empty normal appearance: PDF/A requires /AP on every visible annotation, so an unsigned field
 * must not break the conformance the file claims. Signing replaces it with the real appearance.
 */
function blankAppearance(doc: OpenedPdf['doc'], box: [number, number, number, number]) {
  const form = doc.newDictionary();
  form.put('Type', doc.newName('XObject'));
  form.put('Subtype', doc.newName('Form'));
  form.put('BBox', [0, 0, box[2] - box[0], box[3] - box[1]]);
  form.put('Resources', doc.newDictionary());
  const ap = doc.newDictionary();
  // Never an empty stream: mupdf writes one of an AES-encrypted file as /Length 32 with no data
  // (the IV and padding it counts are never written), which validators report as damaged.
  ap.put('N', doc.addStream('q Q', form));
  return ap;
}

function validateName(name: string, taken: Set<string>): void {
  // A "." would make the name a path into a field hierarchy that does not exist.
  if (name.length === 0 || name.length > 255 || name.includes('.')) {
    throw new PdfError('PDF_FIELD_INVALID_NAME', `invalid field name "${name}"`);
  }
  if (taken.has(name)) throw new PdfError('PDF_FIELD_EXISTS', `a field named "${name}" already exists`);
}

function validateRect(
  r: { x: number; y: number; width: number; height: number },
  page: { width: number; height: number },
  name: string,
): void {
  const finite = [r.x, r.y, r.width, r.height].every(Number.isFinite);
  const inside =
    finite &&
    r.width > 0 &&
    r.height > 0 &&
    r.x >= -EDGE_TOLERANCE &&
    r.y >= -EDGE_TOLERANCE &&
    r.x + r.width <= page.width + EDGE_TOLERANCE &&
    r.y + r.height <= page.height + EDGE_TOLERANCE;
  if (!inside) {
    throw new PdfError(
      'PDF_FIELD_INVALID_RECT',
      `field "${name}" must have a positive size and lie within the page (${page.width.toFixed(1)} × ${page.height.toFixed(1)} pt)`,
    );
  }
}

/** Defence in depth: a result that rewrote earlier bytes would break every earlier signature. */
export function assertAppendOnly(input: Uint8Array, output: Uint8Array): void {
  if (output.length < input.length || Buffer.compare(output.subarray(0, input.length), input) !== 0) {
    throw new Error('incremental save did not preserve the original bytes');
  }
}
