import type { z } from 'zod';
import {
  pathWith,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@signet/contracts/endpoint';
import { ErrorResponse, type ErrorCode, type ErrorDetails } from '@signet/contracts/errors';
import { getToken } from './session.ts';
import { parseRetryAfter, retryDelayMs, shouldRetry } from './retry-policy.ts';

/** The API's own documentation page (served by the API, not a page of the app). */
export const apiDocsHref = '/api/docs';

/**
 * What a failed call can say: one of the API's stable codes, a network failure, or an answer that
 * did not come from the API (a proxy's page), named by its status.
 */
export type ClientErrorCode = ErrorCode | 'NETWORK_ERROR' | `HTTP_${number}`;

interface ClientErrorBody extends Omit<ErrorResponse, 'code'> {
  code: ClientErrorCode;
}

/** Every failed call ends as one of these; the fields follow the API's ErrorResponse. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: ClientErrorCode;
  readonly field: string | undefined;
  readonly issues: ErrorResponse['issues'];
  /** Structured facts the API gave (e.g. remainingAttempts of a TAN). */
  readonly details: ErrorDetails;
  /** Milliseconds the server asked us to wait (429/503), when it said. */
  readonly retryAfterMs: number | null;

  constructor(body: ClientErrorBody, retryAfterMs: number | null = null) {
    super(body.message);
    this.name = 'ApiError';
    this.statusCode = body.statusCode;
    this.code = body.code;
    this.field = body.field;
    this.issues = body.issues;
    this.details = body.details ?? {};
    this.retryAfterMs = retryAfterMs;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

interface RequestOptions {
  method?: Endpoint['method'];
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

/** The error an answer describes; a body that is not the API's (a proxy's page) by its status alone. */
function errorFrom(status: number, statusText: string, text: string, retryAfter: number | null): ApiError {
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Non-JSON error bodies (proxies, crashes) are described by the status alone.
  }
  const parsed = ErrorResponse.safeParse(body);
  if (parsed.success) return new ApiError(parsed.data, retryAfter);
  return new ApiError(
    { statusCode: status, code: `HTTP_${status}`, message: statusText || 'Request failed' },
    retryAfter,
  );
}

async function toApiError(response: Response): Promise<ApiError> {
  const retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
  const text = await response.text().catch(() => '');
  return errorFrom(response.status, response.statusText, text, retryAfter);
}

/** Sends one try; `session` is the tab's session token the call carries, if any. */
async function send(path: string, options: RequestOptions, session: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.authorization) headers.Authorization = options.authorization;
  else if (session) headers.Authorization = `Bearer ${session}`;
  let body: string | FormData | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
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

/** A direct-sign visitor's credentials: the signer id and the secret of the invitation link. */
export interface VisitorCredentials {
  signerId: string;
  secret: string;
}

/** A required key, or an optional one when its value may be left out (a query whose every field is optional). */
type OptionalIfUndefined<K extends string, V> = undefined extends V ? { [P in K]?: V } : { [P in K]: V };

/** The arguments of a call to endpoint E: exactly the params, query and body its contract has. */
export type CallArgs<E extends Endpoint> = (E extends { params: z.ZodType }
  ? { params: ParamsOf<E> }
  : { params?: never }) &
  (E extends { query: z.ZodType } ? OptionalIfUndefined<'query', QueryOf<E>> : { query?: never }) &
  (E extends { body: z.ZodType }
    ? { body: BodyOf<E> }
    : E extends { multipart: true }
      ? { body: FormData }
      : { body?: never }) &
  (E extends { visitorPath: string }
    ? { visitor?: VisitorCredentials }
    : E extends { auth: 'nas' }
      ? { visitor: VisitorCredentials }
      : { visitor?: never }) & {
    /** Page fetches retry with backoff (spec §8); user actions fail at once. */
    retry?: boolean;
    signal?: AbortSignal;
  };

/** Calls without any argument may leave them out altogether. */
type ArgsParameter<E extends Endpoint> =
  object extends CallArgs<E> ? [args?: CallArgs<E>] : [args: CallArgs<E>];

/** The arguments of any call, as requestOf reads them (CallArgs types them per endpoint). */
interface AnyCallArgs {
  params?: Record<string, string | number>;
  query?: RequestOptions['query'];
  body?: unknown;
  visitor?: VisitorCredentials;
  retry?: boolean;
  signal?: AbortSignal;
}

/** Where a call goes, and with which options: a visitor's call goes to the endpoint's visitor twin. */
function requestOf(endpoint: Endpoint, args: AnyCallArgs) {
  const visitor = args.visitor;
  const template = visitor && endpoint.visitorPath ? endpoint.visitorPath : endpoint.path;
  const path = pathWith(template, args.params);
  const options: RequestOptions = {
    method: endpoint.method,
    body: args.body,
    query: args.query,
    retry: args.retry,
    signal: args.signal,
    ...(visitor ? { authorization: `Basic ${btoa(`${visitor.signerId}:${visitor.secret}`)}` } : {}),
  };
  return { path, options };
}

/**
 * The one way the web app calls the API: an endpoint value of packages/contracts and its typed
 * arguments. The answer is parsed with the contract's schema (a Blob for binary answers, nothing
 * for 204). Failures become ApiError; 401 and final 5xx reach the handlers the app installed (log
 * out, /sorry).
 */
export function callApi<E extends Endpoint>(
  endpoint: E,
  ...[args]: ArgsParameter<E>
): Promise<ResponseOf<E>> {
  const { path, options } = requestOf(endpoint, (args ?? {}) as AnyCallArgs);
  const response = endpoint.response;
  return call(path, options, async (answer) => {
    if (response && 'binary' in response) return (await answer.blob()) as ResponseOf<E>;
    if (answer.status === 204 || !response) return undefined as ResponseOf<E>;
    return response.parse(await answer.json()) as ResponseOf<E>;
  });
}

/**
 * A multipart upload with progress (XMLHttpRequest: fetch does not report upload progress), with
 * the same error handling as callApi.
 */
export function uploadWithProgress<E extends Endpoint & { multipart: true }>(
  endpoint: E,
  args: CallArgs<E> & { onProgress?: (fraction: number) => void },
): Promise<ResponseOf<E>> {
  const { path, options } = requestOf(endpoint, args as AnyCallArgs);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, buildUrl(path, options.query));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token.value}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) args.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status !== endpoint.status) {
        const error = errorFrom(xhr.status, xhr.statusText, xhr.responseText, null);
        if (error.statusCode === 401) handlers.onUnauthorized(error);
        return reject(error);
      }
      try {
        const schema = endpoint.response as z.ZodType;
        resolve(schema.parse(JSON.parse(xhr.responseText)) as ResponseOf<E>);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.onerror = () =>
      reject(new ApiError({ statusCode: 0, code: 'NETWORK_ERROR', message: 'The upload was interrupted' }));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    args.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(options.body as FormData);
  });
}

/**
 * Telemetry to an address the installation configured (error reports, analytics), outside the
 * API: fire and forget, never retried, never reported.
 */
export function sendTelemetry(url: string, body: unknown): void {
  void fetch(url, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
    keepalive: true,
  }).catch(() => {});
}

async function call<T>(
  path: string,
  options: RequestOptions,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  for (let tries = 1; ; tries++) {
    let error: ApiError;
    const session = options.authorization ? undefined : getToken()?.value;
    try {
      const response = await send(path, options, session);
      if (response.ok) return await read(response);
      error = await toApiError(response);
    } catch (cause) {
      if (cause instanceof ApiError) throw cause;
      if (options.signal?.aborted) throw cause;
      error = new ApiError({ statusCode: 0, code: 'NETWORK_ERROR', message: String(cause) });
    }
    if (error.statusCode === 401) {
      // Only the session's own token can be gone: a direct-sign link's credentials failing (a wrong
      // or spent link) must not log out the account signed in in the same tab. Nor is a 401 for a
      // session the tab no longer holds news: calls that went out together with one ended session
      // (the guard's user and business) log out once, and a newer login is not undone.
      const stale = session !== undefined && getToken()?.value !== session;
      if (!options.authorization && !stale) handlers.onUnauthorized(error);
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
