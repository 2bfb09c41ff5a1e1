import { buildAppearancePreview } from '../appearance/appearance-preview';
import type { VisualSignatureData } from '../appearance/visual-signature-data';
import { createSignatureFields, type SignatureFieldSpec } from '../fields/create-signature-fields';
import { rasterizePage } from '../render/rasterize';
import { prepareSignature } from '../signature/prepare-signature';
import type { PrepareSignatureOptions } from '../signature/types';
import { validatePdfSignatures, type ValidateOptions } from '../signature/validate';
import { withCachedPdfDocument } from './document-cache';
import { inspectOpenedPdf } from './inspect';
import { normalizeOpenedPdf } from './normalize';
import { withPdfDocument } from './open-document';

/**
 * The operations an engine worker runs on the worker's own mupdf instance (synchronous, or a
 * promise the worker awaits: validation is async, though without transports it does no I/O).
 * Callers in the main thread import only the type of this table (no WASM there).
 */
export const engineTasks = {
  inspect: (bytes: Uint8Array, password?: string) => withPdfDocument(bytes, password, inspectOpenedPdf),
  normalize: (bytes: Uint8Array, password?: string) => withPdfDocument(bytes, password, normalizeOpenedPdf),
  addSignatureFields: (bytes: Uint8Array, specs: SignatureFieldSpec[]) =>
    withPdfDocument(bytes, undefined, (opened) => createSignatureFields(opened, bytes, specs)),
  rasterize: (bytes: Uint8Array, pages: number[], scale: number, password?: string) =>
    withCachedPdfDocument(bytes, password, ({ doc }) => pages.map((p) => rasterizePage(doc, p, scale))),
  appearancePreview: (size: { width: number; height: number }, data: VisualSignatureData, scale: number) =>
    buildAppearancePreview(size, data, scale),
  prepareSignature: (pdf: Uint8Array, options: PrepareSignatureOptions) => prepareSignature(pdf, options),
  // Embedded evidence only: transports (functions) cannot cross to a worker, and a stranger's file
  // must not make the server fetch the URLs its certificates name.
  validateSignatures: (pdf: Uint8Array, options: Omit<ValidateOptions, 'revocation'>) =>
    validatePdfSignatures(pdf, options),
};

export type EngineTasks = typeof engineTasks;
export type EngineTaskName = keyof EngineTasks;
