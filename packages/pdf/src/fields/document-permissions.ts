import type * as mupdf from 'mupdf';
import { PdfError } from '../errors';

/**
 * The certification level of a certified document (ISO 32000 DocMDP): 1 = no changes, 2 = form
 * filling and signing, 3 = also annotations; null when the document is not certified.
 */
export function certificationLevel(doc: mupdf.PDFDocument): 1 | 2 | 3 | null {
  const references = doc.getTrailer().get('Root', 'Perms', 'DocMDP', 'Reference');
  if (!references.isArray()) return null;
  for (let i = 0; i < references.length; i++) {
    const ref = references.get(i);
    const method = ref.get('TransformMethod');
    if (!method.isName() || method.asName() !== 'DocMDP') continue;
    const p = ref.get('TransformParams', 'P');
    const level = p.isNumber() ? p.asNumber() : 2;
    return level === 1 || level === 3 ? level : 2;
  }
  return null;
}

/**
 * Filling in form fields, signature fields included (ISO 32000-1 table 22): bit 6, and from
 * security handler revision 3 on also bit 9. Revision 2 has no bit 9: writers set it like the
 * reserved bits, so reading it there would let an RC4-40 file that forbids everything be signed.
 * mupdf grants every permission once the owner password opened the document.
 */
export function fillFormsPermitted(doc: mupdf.PDFDocument): boolean {
  const revision = doc.getTrailer().get('Encrypt', 'R');
  const bit9 = revision.isNumber() && revision.asNumber() >= 3 && doc.hasPermission('form');
  return doc.hasPermission('annotate') || bit9;
}

/**
 * Refuses documents whose own rules forbid new signatures: encryption permissions without
 * modifying or form filling, or a certification that allows no changes at all.
 */
export function assertSigningPermitted(doc: mupdf.PDFDocument): void {
  const encrypted = !doc.getTrailer().get('Encrypt').isNull();
  // Modifying (bit 4) or filling in form fields allows a signature.
  if (encrypted && !doc.hasPermission('edit') && !fillFormsPermitted(doc)) {
    throw new PdfError(
      'PDF_SIGNING_NOT_PERMITTED',
      'the document permissions forbid modifying it and filling in its form fields (signing)',
    );
  }
  if (certificationLevel(doc) === 1) {
    throw new PdfError('PDF_SIGNING_NOT_PERMITTED', 'the document is certified with "no changes allowed"');
  }
}

/**
 * Before the first signature field is added: drops Reader-extension usage rights (/Perms /UR3,
 * which any change invalidates, making viewers warn that the document was altered) and the XFA
 * of a static XFA form (viewers that prefer XFA would not show the new fields). Dynamic XFA forms
 * (/NeedsRendering true) keep their XFA: it is their only content. DocMDP stays untouched.
 */
export function dropInvalidatedFormFeatures(root: mupdf.PDFObject, acroForm: mupdf.PDFObject): void {
  const perms = root.get('Perms');
  if (perms.isDictionary()) {
    for (const key of ['UR', 'UR3']) if (!perms.get(key).isNull()) perms.delete(key);
  }
  const dynamic = root.get('NeedsRendering');
  if (!(dynamic.isBoolean() && dynamic.asBoolean()) && !acroForm.get('XFA').isNull()) acroForm.delete('XFA');
}
