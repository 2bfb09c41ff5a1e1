import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { CscError } from '../csc/csc-error.js';
import { TsaUnavailableError } from '../tsa/tsa-responder.js';
import { UnknownCertificateError } from '../trust-services.js';

/**
 * Every sandbox error leaves in the CSC error format, `{"error", "error_description"}`: CSC clients expect
 * it and it reads well for the other routes too. 5xx bodies say nothing internal.
 */
export function registerSandboxErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof CscError) return reply.status(error.status).send(error.toBody());
    if (error instanceof ZodError) {
      const description = error.issues
        .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
        .join('; ');
      return reply.status(400).send({ error: 'invalid_request', error_description: description });
    }
    if (error instanceof TsaUnavailableError)
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ error: 'temporarily_unavailable', error_description: error.message });
    if (error instanceof UnknownCertificateError)
      return reply.status(404).send({ error: 'invalid_request', error_description: error.message });
    if (error instanceof RangeError)
      return reply.status(400).send({ error: 'invalid_request', error_description: error.message });
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status < 500)
      return reply.status(status).send({ error: 'invalid_request', error_description: error.message });
    request.log.error({ err: error }, 'sandbox provider failed');
    return reply
      .status(500)
      .send({ error: 'server_error', error_description: 'The sandbox failed to answer.' });
  });
}
