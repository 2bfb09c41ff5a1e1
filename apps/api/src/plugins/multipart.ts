import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { maxDocumentBytes } from '@signet/contracts/documents';
import { AppError } from '../errors.ts';

/** Multipart uploads (documents, attachments) for the routes of the calling module. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  // One byte over the document limit, so the blob store's own count sees an oversize file and refuses it.
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxDocumentBytes + 1, files: 10, fields: 10, fieldSize: 1000 },
  });
}

export type UploadPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | { type: 'file'; fieldname: string; filename: string | undefined; mimetype: string; file: Readable };

/**
 * The parser's own failures (no boundary, a body that does not use its boundary, a body cut
 * short) are the caller's bad input. Its limit errors already carry their 4xx status; keep them.
 */
function asBodyError(error: unknown, contentType: string | undefined): unknown {
  if (error instanceof AppError || (error as { statusCode?: number }).statusCode !== undefined) return error;
  const message = /;\s*boundary=/i.test(contentType ?? '')
    ? 'The multipart body does not follow its boundary or ends early.'
    : 'The multipart Content-Type names no boundary.';
  return new AppError('MALFORMED_MULTIPART', message, { field: 'body', cause: error });
}

/** A part's bytes; a parse error inside them is MALFORMED_MULTIPART (iteration sees errors raised before it began). */
async function* fileBytes(source: Readable, contentType: string | undefined): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of source) yield chunk as Buffer;
  } catch (error) {
    throw asBodyError(error, contentType);
  }
}

/**
 * The parts of a multipart request, files as streams. Whether the parser fails between parts or
 * inside a file that a service is streaming to the blob store, the error is MALFORMED_MULTIPART.
 */
export async function* multipartParts(request: FastifyRequest): AsyncGenerator<UploadPart> {
  const contentType = request.headers['content-type'];
  const parts = request.parts()[Symbol.asyncIterator]();
  const nextPart = () =>
    parts.next().catch((error: unknown) => {
      throw asBodyError(error, contentType);
    });
  for (let next = await nextPart(); !next.done; next = await nextPart()) {
    const part = next.value;
    if (part.type === 'field') {
      yield { type: 'field', fieldname: part.fieldname, value: part.value };
      continue;
    }
    yield {
      type: 'file',
      fieldname: part.fieldname,
      filename: part.filename,
      mimetype: part.mimetype,
      // A consumer that stops early (a size limit) ends the iteration, which stops the parser's stream.
      file: Readable.from(fileBytes(part.file, contentType), { objectMode: false }),
    };
    // The parser gives the next part only once this file's bytes are read: a part the consumer
    // passed over (another field name) is drained here, or the request would wait for ever.
    part.file.resume();
  }
}
