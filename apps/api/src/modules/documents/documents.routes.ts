import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '@signet/contracts/common';
import {
  Document,
  DocumentIdParams,
  DownloadQuery,
  maxDocumentBytes,
  maxRequestBytes,
  PageParams,
  PageQuery,
  UploadDocumentsResponse,
} from '@signet/contracts/documents';
import { AppError } from '../../errors.ts';
import { attachmentDisposition, safeFilename } from '../../plugins/downloads.ts';
import { userCaller, visitorCaller, type Caller } from '../../plugins/auth.ts';
import { multipartParts, registerMultipart } from '../../plugins/multipart.ts';
import type { DocumentRow } from '../../db/schema/documents.ts';
import * as documents from './documents.service.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  413: ErrorResponse,
};
const tags = ['Documents'];

/** The download name of a document: its title, as a .pdf. */
const pdfFileName = (title: string) => (title.toLowerCase().endsWith('.pdf') ? title : `${title}.pdf`);

async function sendDownload(
  deps: documents.DocumentsDeps,
  caller: Caller,
  id: string,
  signed: boolean,
  reply: FastifyReply,
) {
  const row = await documents.readableDocument(deps, caller, id);
  return reply
    .type('application/pdf')
    .header('content-disposition', attachmentDisposition(pdfFileName(row.title)))
    .header('cache-control', 'private, no-store')
    .send(documents.documentBytes(deps, row, signed));
}

async function sendPage(
  deps: documents.DocumentsDeps,
  caller: Caller,
  request: {
    params: z.infer<typeof PageParams>;
    query: z.infer<typeof PageQuery>;
    headers: FastifyRequest['headers'];
  },
  reply: FastifyReply,
) {
  const row = await documents.readableDocument(deps, caller, request.params.id);
  const image = await documents.pageImage(deps, row, {
    number: request.params.n,
    scale: request.query.scale,
    format: request.query.format,
  });
  reply.header('etag', image.etag).header('cache-control', 'private, max-age=0, must-revalidate');
  if (request.headers['if-none-match'] === image.etag) return reply.status(304).send();
  return reply.type(image.contentType).send(image.bytes);
}

export async function documentsRoutes(app: FastifyInstance, deps: documents.DocumentsDeps): Promise<void> {
  await registerMultipart(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/v3/documents', {
    config: { auth: 'user' },
    bodyLimit: maxRequestBytes,
    schema: {
      tags,
      summary:
        'Upload PDFs (multipart: one or more `file` parts, optional `password` field before them); at most 40 MB each, 60 MB together',
      consumes: ['multipart/form-data'],
      response: { 201: UploadDocumentsResponse, ...errors },
    },
    handler: async (request, reply) => {
      const caller = userCaller(request);
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the PDFs as multipart/form-data.');
      if (Number(request.headers['content-length'] ?? 0) > maxRequestBytes)
        throw new AppError('PAYLOAD_TOO_LARGE', 'Upload at most 60 MB at once.', { field: 'file' });
      const created: DocumentRow[] = [];
      let password: string | undefined;
      let total = 0;
      for await (const part of multipartParts(request)) {
        if (part.type === 'field') {
          if (part.fieldname === 'password' && typeof part.value === 'string') password = part.value;
          continue;
        }
        const remaining = maxRequestBytes - total;
        const row = await documents.uploadPdfStream(deps, caller.userId, {
          title: safeFilename(part.filename?.replace(/\.pdf$/i, ''), 'Document'),
          stream: part.file,
          password,
          maxBytes: Math.min(maxDocumentBytes, remaining),
        });
        total += row.size;
        created.push(row);
      }
      if (created.length === 0)
        throw new AppError('VALIDATION_FAILED', 'Attach at least one PDF as a `file` part.', {
          field: 'file',
        });
      return reply.status(201).send({ documents: created.map(documents.toDocumentDto) });
    },
  });

  r.get('/v3/documents/:id', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'A document the caller owns, signs or observes',
      params: DocumentIdParams,
      response: { 200: Document, ...errors },
    },
    handler: async (request) =>
      documents.toDocumentDto(await documents.readableDocument(deps, userCaller(request), request.params.id)),
  });

  r.delete('/v3/documents/:id', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: "Delete one's own document (not while it is part of a sent request)",
      params: DocumentIdParams,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await documents.deleteDocument(deps, userCaller(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.get('/v3/documents/:id/download', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'The PDF: current version with its signatures, or the original upload (signed=false)',
      params: DocumentIdParams,
      querystring: DownloadQuery,
      produces: ['application/pdf'],
    },
    handler: (request, reply) =>
      sendDownload(deps, userCaller(request), request.params.id, request.query.signed, reply),
  });

  r.get('/v3/documents/:id/pages/:n', {
    config: { auth: 'user' },
    schema: {
      tags,
      summary: 'A page image (scale 100 = 72 dpi, so 1 px = 1 pt); cached, with ETag',
      params: PageParams,
      querystring: PageQuery,
      produces: ['image/png', 'image/webp'],
    },
    handler: (request, reply) => sendPage(deps, userCaller(request), request, reply),
  });

  r.get('/v3/direct/documents/:id/download', {
    config: { auth: 'nas' },
    schema: {
      tags,
      summary: 'Direct sign: the PDF (Basic credentials)',
      params: DocumentIdParams,
      querystring: DownloadQuery,
      produces: ['application/pdf'],
    },
    handler: (request, reply) =>
      sendDownload(deps, visitorCaller(request), request.params.id, request.query.signed, reply),
  });

  r.get('/v3/direct/documents/:id/pages/:n', {
    config: { auth: 'nas' },
    schema: {
      tags,
      summary: 'Direct sign: a page image (Basic credentials)',
      params: PageParams,
      querystring: PageQuery,
      produces: ['image/png', 'image/webp'],
    },
    handler: (request, reply) => sendPage(deps, visitorCaller(request), request, reply),
  });
}
