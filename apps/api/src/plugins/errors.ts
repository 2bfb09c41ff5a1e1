import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCodes, type ErrorCode, type ErrorResponse } from '@signet/contracts/errors';
import { AppError } from '../errors.ts';

type ErrorBody = ErrorResponse;

const internalError: ErrorBody = {
  statusCode: 500,
  code: 'INTERNAL_ERROR',
  message: 'Something went wrong on our side. Please try again.',
};

/** Fastify's own 4xx errors, mapped to stable codes. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
};

/** Other libraries' 4xx errors (e.g. the multipart parser's limits, 413), by status. */
const statusCodes: Partial<Record<number, ErrorCode>> = {
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
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
      const details = {
        ...error.options.details,
        ...(error.options.field ? { field: error.options.field } : {}),
        ...(error.options.retryAfterSeconds !== undefined
          ? { retryAfterSeconds: error.options.retryAfterSeconds }
          : {}),
      };
      if (Object.keys(details).length > 0) body.details = details;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return reply.status(400).send(describeValidation(error));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = fastifyCodes[error.code] ?? statusCodes[status] ?? 'VALIDATION_FAILED';
      return reply.status(status).send({ statusCode: status, code, message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(internalError);
  });
}

/** What the router refuses before any hook or handler runs: the caller's mistakes in the path. */
const routerErrors: Partial<Record<string, { code: ErrorCode; message: string }>> = {
  FST_ERR_BAD_URL: { code: 'MALFORMED_URL', message: 'The address contains a malformed percent-encoding.' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'URL_TOO_LONG', message: 'A part of the address is too long.' },
};

/** The router's errors, with the same JSON error body as everything else (Fastify's own lacks our code). */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = routerErrors[error.code];
  if (!known) {
    request.log.error({ err: error }, 'router error');
    return reply.status(500).send(internalError);
  }
  const statusCode = errorCodes[known.code];
  return reply.status(statusCode).send({ statusCode, ...known, field: 'path' });
}

/** What Node's HTTP parser refuses before Fastify sees a request, by the parser's error code. */
const clientErrors: Partial<Record<string, { code: ErrorCode; message: string }>> = {
  HPE_HEADER_OVERFLOW: { code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large.' },
  ERR_HTTP_REQUEST_TIMEOUT: { code: 'REQUEST_TIMEOUT', message: 'The request did not arrive in time.' },
};

/**
 * Requests the HTTP parser refuses get the same JSON error body as everything else (Fastify's
 * default answer has no stable code). A reset connection has nobody left to answer.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = clientErrors[error.code ?? ''] ?? {
    code: 'MALFORMED_REQUEST' as const,
    message: 'The HTTP request is malformed.',
  };
  const statusCode = errorCodes[known.code];
  const body = JSON.stringify({ statusCode, ...known });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}
