/**
 * Stable error codes of the API. Each line says when it happens. The code is part of the API:
 * clients branch on it, so codes are never renamed. The error handler (plugins/errors.ts) maps them.
 */
export const errorCodes = {
  /** A request body, query or path parameter failed its schema; `field` names it. */
  VALIDATION_FAILED: 400,
  /** The body is not valid JSON. */
  MALFORMED_JSON: 400,
  /** The body's content type is not one the route accepts. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** The body is larger than the route allows. */
  PAYLOAD_TOO_LARGE: 413,
  /** No or an unknown, expired or revoked token. */
  UNAUTHENTICATED: 401,
  /** Wrong e-mail or password at login (deliberately the same for both). */
  INVALID_CREDENTIALS: 401,
  /** The current password given to confirm a change is wrong (not 401: the session itself is fine). */
  WRONG_PASSWORD: 400,
  /** Signed in, but this route is not for the caller's role. */
  FORBIDDEN: 403,
  /** The route is only for callers who are not signed in. */
  ALREADY_AUTHENTICATED: 403,
  /** Nothing at this path, or nothing the caller may see (never reveals existence). */
  NOT_FOUND: 404,
  /** A confirmation or reset token that is unknown, used or expired. */
  TOKEN_INVALID: 400,
  /** The password does not meet the policy; `field` is the password and the message says why. */
  PASSWORD_POLICY: 400,
  /** Signup for an e-mail that already has an account. */
  EMAIL_TAKEN: 409,
  /** Login needs a verified e-mail. */
  EMAIL_NOT_VERIFIED: 403,
  /** Too many attempts; Retry-After says when to try again. */
  TOO_MANY_ATTEMPTS: 429,
  /** The platform is in a blocking maintenance. */
  MAINTENANCE: 503,
  /** Anything unexpected; the body reveals nothing internal. */
  INTERNAL_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof errorCodes;

export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: { field?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = errorCodes[code];
  }
}
