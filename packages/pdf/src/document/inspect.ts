import * as mupdf from 'mupdf';
import { PdfError } from '../errors';
import { assertSigningPermitted, fillFormsPermitted } from '../fields/document-permissions';
import { listFormFields } from '../fields/form-fields';
import { readFieldLock } from '../fields/field-lock';
import type { OpenedPdf } from './open-document';
import { displayedSize, pageRotation, pdfToPageRect, readBox } from './page-geometry';
import type { PdfBox, PdfEncryptionInfo, PdfInfo, PdfPageInfo, PdfSignatureFieldInfo } from './types';

/** Everything the API needs to know about an uploaded file (runs inside an engine worker). */
export function inspectOpenedPdf({ doc, repaired, userPasswordRequired, ownerPassword }: OpenedPdf): PdfInfo {
  const pageCount = doc.countPages();
  const pages: PdfPageInfo[] = [];
  const loaded: mupdf.PDFPage[] = [];
  for (let i = 0; i < pageCount; i++) {
    const page = doc.loadPage(i);
    loaded.push(page);
    const obj = page.getObject();
    const mediaBox = readBox(obj.getInheritable('MediaBox')) ?? ([0, 0, 612, 792] as PdfBox);
    const cropBox = intersect(readBox(obj.getInheritable('CropBox')) ?? mediaBox, mediaBox);
    pages.push({ number: i + 1, ...displayedSize(page), rotation: pageRotation(obj), mediaBox, cropBox });
  }

  const signatureFields: PdfSignatureFieldInfo[] = listFormFields(doc)
    .filter((f) => f.type === 'Sig')
    .map((f) => {
      const value = f.field.get('V');
      const signed = value.isDictionary();
      const subFilter = signed ? value.get('SubFilter') : null;
      const byteRange = signed ? value.get('ByteRange') : null;
      const widgetRect = f.widget === null ? null : readBox(f.widget.get('Rect'));
      const page = f.pageIndex === null ? undefined : loaded[f.pageIndex];
      return {
        name: f.name,
        page: f.pageIndex === null ? null : f.pageIndex + 1,
        rect: page !== undefined && widgetRect !== null ? pdfToPageRect(page, widgetRect) : null,
        signed,
        subFilter: subFilter !== null && subFilter.isName() ? subFilter.asName() : null,
        byteRange: byteRange !== null && byteRange.isArray() ? numbers(byteRange) : null,
        lock: readFieldLock(f.field),
      };
    });
  for (const p of loaded) p.destroy();

  const version = doc.getVersion();
  return {
    pageCount,
    pages,
    signatureFields,
    revisionCount: doc.countVersions(),
    pdfVersion: `${Math.floor(version / 10)}.${version % 10}`,
    encryption: encryptionInfo(doc, userPasswordRequired, ownerPassword),
    signingNotPermitted: signingRefusal(doc),
    needsRepair: repaired,
  };
}

/** The same rules that refuse adding fields later (assertSigningPermitted), known at upload. */
function signingRefusal(doc: mupdf.PDFDocument): string | null {
  try {
    assertSigningPermitted(doc);
    return null;
  } catch (error) {
    if (error instanceof PdfError && error.code === 'PDF_SIGNING_NOT_PERMITTED') return error.message;
    throw error;
  }
}

function encryptionInfo(
  doc: mupdf.PDFDocument,
  userPasswordRequired: boolean,
  ownerPassword: boolean,
): PdfEncryptionInfo | null {
  const method = doc.getMetaData(mupdf.Document.META_ENCRYPTION);
  if (method === undefined || method === 'None' || doc.getTrailer().get('Encrypt').isNull()) return null;
  return {
    method,
    userPasswordRequired,
    ownerPassword,
    permissions: {
      print: doc.hasPermission('print'),
      modify: doc.hasPermission('edit'),
      annotate: doc.hasPermission('annotate'),
      fillForms: fillFormsPermitted(doc),
    },
  };
}

function numbers(arr: mupdf.PDFObject): number[] {
  const out: number[] = [];
  arr.forEach((v) => {
    const r = v;
    if (r.isNumber()) out.push(r.asNumber());
  });
  return out;
}

function intersect(a: PdfBox, b: PdfBox): PdfBox {
  const r: PdfBox = [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  return r[0] < r[2] && r[1] < r[3] ? r : b;
}
