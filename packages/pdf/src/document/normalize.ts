import { takeBuffer } from './mupdf-buffer';
import type { OpenedPdf } from './open-document';

/**
 * A clean full rewrite: rebuilt cross-reference table, unreferenced objects dropped, streams
 * compressed, encryption removed. Used as a document's first version when the upload needed repair
 * or a user password (every later render and signature then works on plain, well-formed bytes;
 * the uploader proved knowledge of the password). Signatures already in such a file do not survive.
 */
export function normalizeOpenedPdf({ doc }: OpenedPdf): Uint8Array {
  return takeBuffer(doc.saveToBuffer('garbage=compact,compress,decrypt'));
}
