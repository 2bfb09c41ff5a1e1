import type { z } from 'zod';
import type { AuthPolicy } from './common.ts';
import type { ErrorCode } from './errors.ts';

/**
 * One API call, described once: the API registers its route from this value
 * (apps/api/src/plugins/endpoints.ts), the OpenAPI document describes it from it, and the web app
 * calls it through `callApi(endpoint, …)` (apps/web/src/lib/api-client.ts) with typed arguments.
 * See docs/adding-an-endpoint.md.
 */
export interface Endpoint {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Below /api, Fastify style: `/v3/documents/:id`. */
  readonly path: string;
  /** Who may call it (ARCHITECTURE.md §4). */
  readonly auth: AuthPolicy;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** A JSON body; absent for calls without one and for multipart uploads. */
  readonly body?: z.ZodType;
  /** The body is multipart/form-data (uploads); the handler reads its parts. */
  readonly multipart?: true;
  /** The largest body the route accepts, in bytes, when it differs from the server's default. */
  readonly bodyLimit?: number;
  /**
   * The status of a successful answer; 303 for the one address a browser is sent to rather than
   * a client calls (a provider's redirect back): the answer names where the browser goes next.
   */
  readonly status: 200 | 201 | 202 | 204 | 303;
  /**
   * The JSON answer, or the content types of a binary one (PDF, page image, zip); absent with 204.
   * A call whose query chooses between JSON and a file (the signature report) is binary with the
   * schema of its JSON form in `json`: the web fetches the file, other clients may ask for JSON.
   */
  readonly response?: z.ZodType | { readonly binary: readonly string[]; readonly json?: z.ZodType };
  /**
   * The codes this call itself can answer with, besides those every call of its policy can
   * (`errorsOf` adds those). In tests, an answer with an undeclared code fails.
   */
  readonly errors: readonly ErrorCode[];
  /**
   * The same call for a direct-sign visitor (policy nas, Basic credentials of the link) at another
   * path; one handler serves both, reading the caller from the request.
   */
  readonly visitorPath?: string;
  /**
   * A business's API users may call it too, with HTTP Basic `api-…:secret` (they act as the
   * business's member would); the OpenAPI document lists the API-user scheme on it.
   */
  readonly apiUsers?: true;
}

/** Keeps the literal types of an endpoint value (for the typed client and handlers). */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;
type InferInput<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a caller sends: the path parameters, the query and the body, as the schemas accept them. */
export type ParamsOf<E extends Endpoint> = InferInput<E['params']>;
export type QueryOf<E extends Endpoint> = InferInput<E['query']>;
export type BodyOf<E extends Endpoint> = InferInput<E['body']>;
/** What the caller receives: the parsed JSON answer; a Blob for binary answers; void for 204. */
export type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.infer<E['response']>
  : E['response'] extends { binary: readonly string[] }
    ? Blob
    : void;
/** What a handler has after validation (defaults applied, strings coerced). */
export type ParsedParamsOf<E extends Endpoint> = Infer<E['params']>;
export type ParsedQueryOf<E extends Endpoint> = Infer<E['query']>;
export type ParsedBodyOf<E extends Endpoint> = Infer<E['body']>;
/** What a handler returns for a JSON answer (before the response schema serialises it). */
export type HandlerResultOf<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.input<E['response']>
  : unknown;

/**
 * Codes any call can answer with: the server's refusals of malformed HTTP (a body can be sent to
 * any call, and is refused by its type or size before the route sees it), and its own failures.
 */
const everyCall: readonly ErrorCode[] = [
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'MALFORMED_URL',
  'URL_TOO_LONG',
  'MALFORMED_REQUEST',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'TOO_MANY_ATTEMPTS',
  'MAINTENANCE',
  'INTERNAL_ERROR',
];
/** Codes that come with the policy: who is refused before the handler runs. */
const byPolicy: Record<AuthPolicy, readonly ErrorCode[]> = {
  public: [],
  unauthenticated: ['ALREADY_AUTHENTICATED'],
  user: ['UNAUTHENTICATED', 'FORBIDDEN'],
  member: ['UNAUTHENTICATED', 'FORBIDDEN', 'BUSINESS_MEMBERS_ONLY'],
  admin: ['UNAUTHENTICATED', 'FORBIDDEN', 'BUSINESS_MEMBERS_ONLY', 'BUSINESS_ADMINS_ONLY'],
  nas: ['UNAUTHENTICATED', 'FORBIDDEN'],
  api: ['UNAUTHENTICATED', 'FORBIDDEN'],
};

/** Every code an endpoint can answer with: its own, its policy's, and those of any HTTP call. */
export function errorsOf(endpoint: Endpoint): ErrorCode[] {
  const codes = new Set<ErrorCode>([...everyCall, ...byPolicy[endpoint.auth], ...endpoint.errors]);
  if (endpoint.visitorPath) for (const code of byPolicy.nas) codes.add(code);
  if (endpoint.multipart) codes.add('MALFORMED_MULTIPART');
  // A path parameter names something that may not exist (or that the caller may not see).
  if (endpoint.params) codes.add('NOT_FOUND');
  return [...codes];
}

/** The path with its parameters filled in (each value URL-encoded). */
export function pathWith(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
