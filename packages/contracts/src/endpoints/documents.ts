import { defineEndpoint } from '../endpoint.ts';
import {
  Document,
  DocumentIdParams,
  DownloadQuery,
  maxRequestBytes,
  PageParams,
  PageQuery,
  UploadDocumentsResponse,
} from '../documents.ts';

const tags = ['Documents'];
/** Why an uploaded file is refused (judged by its content). */
export const pdfRefusals = [
  'PDF_NOT_A_PDF',
  'PDF_PASSWORD_REQUIRED',
  'PDF_DAMAGED',
  'PDF_RESOURCE_LIMIT',
  'PDF_SIGNING_NOT_PERMITTED',
] as const;

/** The documents a user uploads, and their pages and PDFs (spec §7 Documents). */
export const documentEndpoints = {
  uploadDocuments: defineEndpoint({
    method: 'POST',
    path: '/v3/documents',
    auth: 'user',
    apiUsers: true,
    summary:
      'Upload PDFs (multipart: one or more `file` parts, optional `password` field before them: the user password of a protected PDF, or the owner password of one whose permissions forbid signing; either way the decrypted copy is kept for signing); at most 40 MB each, 60 MB together',
    tags,
    multipart: true,
    bodyLimit: maxRequestBytes,
    status: 201,
    response: UploadDocumentsResponse,
    errors: [...pdfRefusals],
  }),
  getDocument: defineEndpoint({
    method: 'GET',
    path: '/v3/documents/:id',
    auth: 'user',
    apiUsers: true,
    summary: 'A document the caller owns, signs or observes',
    tags,
    params: DocumentIdParams,
    status: 200,
    response: Document,
    errors: [],
  }),
  deleteDocument: defineEndpoint({
    method: 'DELETE',
    path: '/v3/documents/:id',
    auth: 'user',
    apiUsers: true,
    summary: "Delete one's own document (not while it is part of a sent request)",
    tags,
    params: DocumentIdParams,
    status: 204,
    errors: ['DOCUMENT_IN_USE'],
  }),
  downloadDocument: defineEndpoint({
    method: 'GET',
    path: '/v3/documents/:id/download',
    visitorPath: '/v3/direct/documents/:id/download',
    auth: 'user',
    apiUsers: true,
    summary: 'The PDF: current version with its signatures, or the original upload (signed=false)',
    tags,
    params: DocumentIdParams,
    query: DownloadQuery,
    status: 200,
    response: { binary: ['application/pdf'] },
    errors: [],
  }),
  documentPage: defineEndpoint({
    method: 'GET',
    path: '/v3/documents/:id/pages/:n',
    visitorPath: '/v3/direct/documents/:id/pages/:n',
    auth: 'user',
    apiUsers: true,
    summary: 'A page image (scale 100 = 72 dpi, so 1 px = 1 pt); cached, with ETag',
    tags,
    params: PageParams,
    query: PageQuery,
    status: 200,
    response: { binary: ['image/png', 'image/webp'] },
    errors: ['PAGE_NOT_FOUND'],
  }),
};
