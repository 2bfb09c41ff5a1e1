import type { FieldLock } from '../fields/field-lock';

/** A rectangle in PDF user space: [x0, y0, x1, y1] (points, y upward, as written in the file). */
export type PdfBox = [number, number, number, number];

/**
 * A rectangle on the page as displayed: unit PDF points (1/72 inch), origin at the top-left corner
 * of the displayed page (after /Rotate, relative to the CropBox), x to the right, y downward. A box
 * drawn on a page image rendered at scale 100 (1 px = 1 pt) maps 1:1 to these numbers.
 */
export interface PageRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type PageRotation = 0 | 90 | 180 | 270;

export interface PdfPageInfo {
  /** 1-based. */
  number: number;
  /** Displayed size in points (after /Rotate; the CropBox). */
  width: number;
  height: number;
  rotation: PageRotation;
  mediaBox: PdfBox;
  cropBox: PdfBox;
}

export interface PdfSignatureFieldInfo {
  /** Fully qualified field name (parent names joined with "."). */
  name: string;
  /** 1-based page of the field's (first) widget; null when the widget is on no page. */
  page: number | null;
  /** Widget rectangle in displayed top-left coordinates; null without a widget on a page. */
  rect: PageRect | null;
  /** True when the field has a value (/V), i.e. holds a signature or document timestamp. */
  signed: boolean;
  /** /SubFilter of the value, e.g. "ETSI.CAdES.detached", "ETSI.RFC3161"; null when empty. */
  subFilter: string | null;
  /** /ByteRange of the value as written (may be illegal in damaged files); null when empty. */
  byteRange: number[] | null;
  /** The field's /Lock: what signing it freezes (FieldMDP, applied at signing); null without one. */
  lock: FieldLock | null;
}

export interface PdfEncryptionInfo {
  /** As the security handler describes itself, e.g. "Standard V4 R4 128-bit AES". */
  method: string;
  /** True when opening needed a user password (the caller gave the right one). */
  userPasswordRequired: boolean;
  /**
   * True when the caller gave the owner password: every permission is granted, so a file whose
   * own permissions forbid signing may be signed on its decrypted rewrite (normalizePdf).
   */
  ownerPassword: boolean;
  /** Permissions granted to whoever opened it (all of them with the owner password). */
  permissions: { print: boolean; modify: boolean; annotate: boolean; fillForms: boolean };
}

export interface PdfInfo {
  pageCount: number;
  pages: PdfPageInfo[];
  signatureFields: PdfSignatureFieldInfo[];
  /** Number of revisions (original + incremental updates). */
  revisionCount: number;
  /** e.g. "1.7", "2.0" (the catalog /Version when it overrides the header). */
  pdfVersion: string;
  encryption: PdfEncryptionInfo | null;
  /**
   * Why the document's own rules forbid adding a signature (encryption permissions that allow
   * neither form filling nor annotating, or a "no changes" certification); null when they allow it.
   */
  signingNotPermitted: string | null;
  /**
   * True when the file opens only through cross-reference repair. Such bytes must not be signed
   * as they are: store `normalizePdf(bytes)` as the document's first version instead.
   */
  needsRepair: boolean;
}
