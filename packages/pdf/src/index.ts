// Public API of the signing engine. Everything the API and the signature half use is exported here.
export { PdfError, type PdfErrorCode } from './errors';

export type {
  PageRect,
  PageRotation,
  PdfBox,
  PdfEncryptionInfo,
  PdfInfo,
  PdfPageInfo,
  PdfSignatureFieldInfo,
} from './document/types';
export { inspectPdf, normalizePdf, type OpenOptions } from './document/inspect-pdf';
export { findPdfHeader } from './document/pdf-bytes';
export {
  closePdfEngine,
  configurePdfEngine,
  pdfEngineUsage,
  type PdfEngineOptions,
  type PdfEngineUsage,
} from './document/worker-pool';
export { pageRectToPdf, pdfToPageRect } from './document/page-geometry';

export { addSignatureFields } from './fields/add-signature-fields';
export {
  DEFAULT_FIELD_HEIGHT,
  DEFAULT_FIELD_WIDTH,
  assertAppendOnly,
  type SignatureFieldSpec,
} from './fields/create-signature-fields';
export { findSignatureField, listFormFields, type FormField } from './fields/form-fields';
export { assertSigningPermitted, certificationLevel } from './fields/document-permissions';

export { renderPage, renderPages, type RenderOptions, type RenderedPage } from './render/render-page';
export { MAX_RENDER_PIXELS, MAX_RENDER_SIDE } from './render/rasterize';
export type { ImageFormat } from './render/encode-image';

export { applySignatureAppearance, buildSignatureAppearance } from './appearance/build-signature-appearance';
export { renderAppearancePreview } from './appearance/render-appearance-preview';
export type { AppearanceBox, VisualSignatureData } from './appearance/visual-signature-data';

// Signatures: PAdES signing (one- or two-step), document timestamps, DSS, validation.
export {
  addDocumentTimestamp,
  addValidationData,
  completeSignature,
  prepareSignatureInEngine,
  signPdf,
  type CollectValidationDataOptions,
  type DocumentTimestampOptions,
  type LocalSigner,
  type SignPdfOptions,
} from './signature/sign';
export {
  addArchiveTimestamp,
  type ArchiveTimestampOptions,
  type ArchiveTimestampResult,
} from './signature/archive-timestamp';
export { prepareSignature } from './signature/prepare-signature';
export type {
  CompleteSignatureOptions,
  PadesLevel,
  PrepareSignatureOptions,
  PreparedSignature,
} from './signature/types';
export type { ValidationDataUpdate } from './signature/dss';
export {
  validatePdfSignatures,
  type Indication,
  type SignatureReport,
  type SubIndication,
  type ValidateOptions,
  type ValidationCheck,
  type ValidationReport,
} from './signature/validate';
export { validatePdfSignaturesInEngine } from './signature/validate-in-engine';
export { revisionEnds } from './signature/revisions';
export type { RevocationTransports, ValidationMaterial } from './signature/revocation';
export { obtainTimestampToken, type TimestampTransport } from './signature/timestamp';
export { verifyTimestampToken, type TimestampTokenVerification } from './signature/timestamp-token';

export { htmlToPdf, type HtmlToPdfOptions } from './report/html-to-pdf';
