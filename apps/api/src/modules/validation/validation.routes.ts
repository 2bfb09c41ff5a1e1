import { finished } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validationEndpoints } from '@signet/contracts/endpoints/validation';
import { AppError } from '../../errors.ts';
import { attachmentDisposition } from '../../plugins/downloads.ts';
import { registerEndpoints } from '../../plugins/endpoints.ts';
import { multipartParts, registerMultipart } from '../../plugins/multipart.ts';
import { engineError } from '../documents/documents.service.ts';
import { validationReportPdf } from './validation-report.ts';
import * as validation from './validation.service.ts';

/**
 * The `file` part of a public validation, read in memory: nothing of a stranger's file is written
 * to disk. The address's budget is counted first, so a refused caller costs no parsing.
 */
async function droppedFile(deps: validation.ValidationDeps, request: FastifyRequest): Promise<Buffer> {
  await validation.enforcePublicLimit(deps, request.ip);
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the PDF as multipart/form-data.', { field: 'file' });
  let pdf: Buffer | null = null;
  for await (const part of multipartParts(request)) {
    if (part.type !== 'file') continue;
    if (part.fieldname === 'file' && pdf === null) pdf = await validation.readDroppedFile(part.file);
    // Other files are read to their end and dropped: the whole body is consumed, and a body that
    // breaks off inside one is answered as malformed instead of failing unseen.
    else await finished(part.file.resume());
  }
  if (pdf !== null) return pdf;
  throw new AppError('VALIDATION_FAILED', 'Attach the PDF as a `file` part.', { field: 'file' });
}

async function report(deps: validation.ValidationDeps, request: FastifyRequest) {
  const pdf = await droppedFile(deps, request);
  return validation.validateDroppedFile(deps, pdf).catch((error: unknown) => {
    throw engineError(error) ?? error;
  });
}

export async function validationRoutes(app: FastifyInstance, deps: validation.ValidationDeps): Promise<void> {
  await registerMultipart(app);
  registerEndpoints(app, validationEndpoints, {
    validatePdf: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return report(deps, request);
    },
    validationReportPdf: async (request, reply) => {
      const result = await report(deps, request);
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          attachmentDisposition(`validation-report-${result.document.sha256.slice(0, 12)}.pdf`),
        )
        .header('cache-control', 'no-store')
        .send(Buffer.from(validationReportPdf(result, request.query.lang)));
    },
  });
}
