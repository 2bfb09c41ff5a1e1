import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorCode } from '../errors.ts';

interface ErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  field?: string;
  issues?: Array<{ field: string; message: string }>;
}

/** Fastify's own 4xx errors, mapped to stable codes. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
};

function describeValidation(error: FastifyError): ErrorBody {
  const context = error.validationContext ?? 'body';
  const issues = (error.validation ?? []).map((issue) => {
    const path = (issue as { instancePath?: string }).instancePath ?? '';
    const segments = path.split('/').filter(Boolean);
    const { keyword, params } = issue as { keyword?: string; params?: { keys?: string[] } };
    // Unknown keys in a strict object: name the key itself, not its parent.
    const keys = keyword === 'unrecognized_keys' ? (params?.keys ?? []) : [];
    const field = [context, ...segments, ...keys.slice(0, 1)].join('.');
    return { field, message: issue.message ?? 'Invalid value' };
  });
  const first = issues[0] ?? { field: context, message: 'Invalid value' };
  return {
    statusCode: 400,
    code: 'VALIDATION_FAILED',
    message: `${first.field}: ${first.message}`,
    field: first.field,
    issues,
  };
}

/** One error handler for the whole API: stable codes, fields named, nothing internal in 5xx bodies. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // A provider's failure behind a 5xx answer is logged; the body stays the stable message.
      if (error.statusCode >= 500)
        request.log.warn({ err: error.cause ?? error, code: error.code }, error.message);
      if (error.options.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(error.options.retryAfterSeconds));
      const body: ErrorBody = { statusCode: error.statusCode, code: error.code, message: error.message };
      if (error.options.field) body.field = error.options.field;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return reply.status(400).send(describeValidation(error));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = fastifyCodes[error.code] ?? (status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED');
      return reply.status(status).send({ statusCode: status, code, message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side. Please try again.',
    });
  });
}
