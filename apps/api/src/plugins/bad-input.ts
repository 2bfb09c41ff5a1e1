import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/** The first string (value or key) holding U+0000 in a parsed JSON value, as a dotted path. */
function nulPath(root: unknown, rootName: string): string | null {
  // An explicit stack, not recursion: a deeply nested body must not overflow the call stack.
  const pending: Array<{ value: unknown; path: string }> = [{ value: root, path: rootName }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, path: `${path}.${index}` }));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return `${path}.${key.replaceAll('\u0000', '\\u0000')}`;
        pending.push({ value: item, path: `${path}.${key}` });
      }
    }
  }
  return null;
}

/**
 * Refuses U+0000 anywhere in a path parameter, the query or a JSON body before any route sees it:
 * PostgreSQL cannot store it in text or JSON, so it would otherwise fail deep inside a query as an
 * internal error. Runs for every route, after the auth check and before schema validation.
 */
export function registerInputChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field =
      nulPath(request.params, 'params') ?? nulPath(request.query, 'query') ?? nulPath(request.body, 'body');
    if (field)
      throw new AppError('VALIDATION_FAILED', `${field}: must not contain the NUL character (U+0000)`, {
        field,
      });
  });
}
