import { z } from 'zod';
import { DocumentValidation } from './validation.ts';
import { ExistingSignatureField } from './signature-fields.ts';

/** Upload limits (issue 4): per document and per request (all documents and attachments together). */
export const maxDocumentBytes = 40 * 1024 * 1024;
export const maxRequestBytes = 60 * 1024 * 1024;
/** Spec §9: default page render scale; 100 = 72 dpi, so 1 px = 1 pt. */
export const defaultPageScale = 100;

export const PageSize = z.object({
  number: z.number().int(),
  width: z.number(),
  height: z.number(),
  rotation: z.number().int(),
});

export const Document = z.object({
  id: z.string(),
  title: z.string(),
  size: z.number().int(),
  /** SHA-256 of the current version (the signed one once anybody signed). */
  sha256: z.string(),
  originalSha256: z.string(),
  pageCount: z.number().int(),
  pages: z.array(PageSize),
  /** Number of signatures in the current version. */
  signatureCount: z.number().int(),
  /** The signatures the upload already held, validated at upload (null: it held none). */
  validation: DocumentValidation.nullable(),
  /** The empty signature fields of the upload that are on a page, where signers can be placed. */
  signatureFields: z.array(ExistingSignatureField),
  createdAt: z.string(),
});
export type Document = z.infer<typeof Document>;

export const DocumentIdParams = z.strictObject({ id: z.uuid() });
export const PageParams = z.strictObject({ id: z.uuid(), n: z.coerce.number().int().min(1).max(100_000) });
export const PageQuery = z.strictObject({
  scale: z.coerce.number().int().min(10).max(400).default(defaultPageScale),
  format: z.enum(['png', 'webp']).default('png'),
});
export const DownloadQuery = z.strictObject({
  /** false: the original upload; true (default): the current version with every signature so far. */
  signed: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

/** JSON upload: the spec's create call takes documents as base64. */
export const Base64Document = z.strictObject({
  title: z.string().trim().min(1).max(200),
  content: z.base64().max(Math.ceil((maxDocumentBytes * 4) / 3) + 4, 'The document is larger than 40 MB'),
  password: z.string().max(200).optional(),
});
export const UploadDocumentsResponse = z.object({ documents: z.array(Document) });

export const Attachment = z.object({
  id: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type Attachment = z.infer<typeof Attachment>;
/** Attachment types people add to a request: PDF, office files, images and text. */
export const attachmentContentTypes = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'text/plain',
  'text/csv',
] as const;
