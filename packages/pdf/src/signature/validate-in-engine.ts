import { runEngineTask } from '../document/worker-pool';
import type { ValidateOptions, ValidationReport } from './validate';

/**
 * validatePdfSignatures in an engine worker, with its time and memory budget: for files from
 * strangers (uploads, the public validation), whose revisions mupdf opens one by one. Judges on the
 * evidence the file holds (no online OCSP/CRL fetches).
 */
export function validatePdfSignaturesInEngine(
  pdf: Uint8Array,
  options: Omit<ValidateOptions, 'revocation'>,
): Promise<ValidationReport> {
  return runEngineTask('validateSignatures', [pdf, options]);
}
