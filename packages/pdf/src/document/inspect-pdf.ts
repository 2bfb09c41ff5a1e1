import { runEngineTask } from './worker-pool';
import type { PdfInfo } from './types';

export interface OpenOptions {
  /** User password of an encrypted file. */
  password?: string;
}

/**
 * Reads an uploaded file. Rejects with PdfError: PDF_NOT_A_PDF (no "%PDF-" in the first 1024 bytes),
 * PDF_PASSWORD_REQUIRED (user password missing or wrong), PDF_DAMAGED (unrepairable, truncated,
 * page-tree loop), PDF_RESOURCE_LIMIT (time or memory budget exceeded).
 */
export function inspectPdf(bytes: Uint8Array, options: OpenOptions = {}): Promise<PdfInfo> {
  return runEngineTask('inspect', [bytes, options.password]);
}

/**
 * A clean full rewrite of the file (repaired cross-references, decrypted). Store it as the
 * document's first version when inspectPdf reports `needsRepair` or a user password; sign that,
 * never the damaged or encrypted original.
 */
export function normalizePdf(bytes: Uint8Array, options: OpenOptions = {}): Promise<Uint8Array> {
  return runEngineTask('normalize', [bytes, options.password]);
}
