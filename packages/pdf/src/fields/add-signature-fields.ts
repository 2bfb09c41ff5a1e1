import { runEngineTask } from '../document/worker-pool';
import type { SignatureFieldSpec } from './create-signature-fields';

/**
 * Adds empty signature fields (default 300 × 140 pt) in one incremental update: the input is an
 * exact prefix of the result. Coordinates: points, origin top-left of the page as displayed.
 * Rejects with PDF_FIELD_EXISTS, PDF_FIELD_INVALID_NAME, PDF_FIELD_INVALID_RECT,
 * PDF_PAGE_OUT_OF_RANGE, PDF_DAMAGED (file needs normalizePdf first), PDF_SIGNING_NOT_PERMITTED.
 */
export function addSignatureFields(bytes: Uint8Array, fields: SignatureFieldSpec[]): Promise<Uint8Array> {
  return runEngineTask('addSignatureFields', [bytes, fields]);
}
