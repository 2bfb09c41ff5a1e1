import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { maxDocumentBytes, maxRequestBytes, PageParams, PageQuery } from '@signet/contracts/documents';
import { documentEndpoints } from '@signet/contracts/endpoints/documents';
import { AppError } from '../../errors.ts';
import { attachmentDisposition, safeFilename } from '../../plugins/downloads.ts';
import { callerOf, userCaller, type Caller } from '../../plugins/auth.ts';
import { registerEndpoints } from '../../plugins/endpoints.ts';
import { multipartParts, registerMultipart } from '../../plugins/multipart.ts';
import type { DocumentRow } from '../../db/schema/documents.ts';
import * as documents from './documents.service.ts';

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
  registerEndpoints(app, documentEndpoints, {
    uploadDocuments: async (request, reply) => {
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
    getDocument: async (request) =>
      documents.toDocumentDto(await documents.readableDocument(deps, userCaller(request), request.params.id)),
    deleteDocument: async (request) => {
      await documents.deleteDocument(deps, userCaller(request).userId, request.params.id);
    },
    downloadDocument: (request, reply) =>
      sendDownload(deps, callerOf(request), request.params.id, request.query.signed, reply),
    documentPage: (request, reply) => sendPage(deps, callerOf(request), request, reply),
  });
}
