import { ErrorResponse } from '@signet/contracts/common';
import type { z } from 'zod';
import { getToken } from './session.ts';
import { parseRetryAfter, retryDelayMs, shouldRetry } from './retry-policy.ts';

/** Every failed call ends as one of these; the fields follow the API's ErrorResponse. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly issues: ErrorResponse['issues'];
  /** Milliseconds the server asked us to wait (429/503), when it said. */
  readonly retryAfterMs: number | null;

  constructor(body: ErrorResponse, retryAfterMs: number | null = null) {
    super(body.message);
    this.name = 'ApiError';
    this.statusCode = body.statusCode;
    this.code = body.code;
    this.field = body.field;
    this.issues = body.issues;
    this.retryAfterMs = retryAfterMs;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Page fetches retry with backoff (spec §8); user actions fail at once. */
  retry?: boolean;
  signal?: AbortSignal;
  /** Replaces the session's Bearer header, e.g. direct-sign Basic credentials (spec §3). */
  authorization?: string;
}

export interface ApiHandlers {
  /** A 401: the session is gone. */
  onUnauthorized: (error: ApiError) => void;
  /** A 5xx other than 503, after the last try. */
  onServerError: (error: ApiError) => void;
}

let handlers: ApiHandlers = { onUnauthorized: () => {}, onServerError: () => {} };

export function setApiHandlers(next: ApiHandlers): void {
  handlers = next;
}

/** Injected so tests run the backoff without waiting. */
let sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export function setSleepForTests(fn: typeof sleep): void {
  sleep = fn;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = `/api${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

async function toApiError(response: Response): Promise<ApiError> {
  const retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Non-JSON error bodies (proxies, crashes) are described by the status alone.
  }
  const parsed = ErrorResponse.safeParse(body);
  if (parsed.success) return new ApiError(parsed.data, retryAfter);
  return new ApiError(
    {
      statusCode: response.status,
      code: `HTTP_${response.status}`,
      message: response.statusText || 'Request failed',
    },
    retryAfter,
  );
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (options.authorization) headers.Authorization = options.authorization;
  else if (token) headers.Authorization = `Bearer ${token.value}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
    credentials: 'same-origin',
  });
}

/**
 * The one way the web app calls the API. Parses the response with the contract schema when
 * given one; 204 gives undefined. Failures become ApiError; 401 and final 5xx reach the
 * handlers the app installed (log out, /sorry).
 */
export function apiRequest<T = void>(
  path: string,
  options: RequestOptions = {},
  schema?: z.ZodType<T>,
): Promise<T> {
  return call(path, options, async (response) => {
    if (response.status === 204 || !schema) return undefined as T;
    return schema.parse(await response.json());
  });
}

/** The same call for binary answers (page images, downloads) that need the Authorization header. */
export function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  return call(path, options, (response) => response.blob());
}

async function call<T>(
  path: string,
  options: RequestOptions,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  for (let tries = 1; ; tries++) {
    let error: ApiError;
    try {
      const response = await send(path, options);
      if (response.ok) return await read(response);
      error = await toApiError(response);
    } catch (cause) {
      if (cause instanceof ApiError) throw cause;
      if (options.signal?.aborted) throw cause;
      error = new ApiError({ statusCode: 0, code: 'NETWORK_ERROR', message: String(cause) });
    }
    if (error.statusCode === 401) {
      // Only the session's own token can be gone: a direct-sign link's credentials failing (a wrong
      // or spent link) must not log out the account signed in in the same tab.
      if (!options.authorization) handlers.onUnauthorized(error);
      throw error;
    }
    if (options.retry && shouldRetry(error.statusCode, tries)) {
      await sleep(retryDelayMs(tries, error.statusCode, error.retryAfterMs), options.signal);
      continue;
    }
    if (error.statusCode >= 500 && error.statusCode !== 503) handlers.onServerError(error);
    throw error;
  }
}
