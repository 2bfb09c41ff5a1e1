/**
 * The one error type of the signing engine. `code` is stable: the API maps it to HTTP answers
 * (e.g. 400 with the code for an upload the engine refuses), so codes are never renamed.
 */
export type PdfErrorCode =
  /** The bytes do not start like a PDF (content sniffing, not the file name). */
  | 'PDF_NOT_A_PDF'
  /** The file is encrypted and opens only with a user password that was not given or is wrong. */
  | 'PDF_PASSWORD_REQUIRED'
  /** The file is damaged beyond what the engine repairs (truncated, broken xref, page-tree loop...). */
  | 'PDF_DAMAGED'
  /** Work on the file exceeded its time or memory budget (hostile or pathological input). */
  | 'PDF_RESOURCE_LIMIT'
  /** A page number outside 1..pageCount. */
  | 'PDF_PAGE_OUT_OF_RANGE'
  /** A signature field name that does not exist, or already exists when creating one. */
  | 'PDF_FIELD_NOT_FOUND'
  | 'PDF_FIELD_EXISTS'
  /** A field name that is empty, longer than 255 characters or contains "." (a hierarchy separator). */
  | 'PDF_FIELD_INVALID_NAME'
  /** A field rectangle outside the page or of non-positive size. */
  | 'PDF_FIELD_INVALID_RECT'
  /** The signature field is already signed. */
  | 'PDF_FIELD_ALREADY_SIGNED'
  /** The document's permissions forbid adding signatures. */
  | 'PDF_SIGNING_NOT_PERMITTED'
  /** The CMS signature did not fit into the reserved /Contents placeholder. */
  | 'PDF_SIGNATURE_TOO_LARGE'
  /** The timestamp authority could not be reached or answered with an error: no silent downgrade. */
  | 'PDF_TIMESTAMP_FAILED'
  /** Revocation data (OCSP or CRL) could not be obtained for a certificate at B-LT or above. */
  | 'PDF_REVOCATION_UNAVAILABLE'
  /** The signature value or certificate handed back for an external signature does not match. */
  | 'PDF_SIGNATURE_VALUE_INVALID';

export class PdfError extends Error {
  constructor(
    readonly code: PdfErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PdfError';
  }
}
