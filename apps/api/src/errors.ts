// The codes themselves are part of the contract (packages/contracts/src/errors.ts), shared with the web.
import { errorCodes, type ErrorCode, type ErrorDetails } from '@signet/contracts/errors';

export interface AppErrorOptions {
  field?: string;
  retryAfterSeconds?: number;
  /** Facts a client may act on (e.g. remainingAttempts); sent as the body's `details`. */
  details?: Omit<ErrorDetails, 'field' | 'retryAfterSeconds'>;
  cause?: unknown;
}

/** An expected failure with a stable code; the error handler turns it into the JSON error body. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: AppErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.statusCode = errorCodes[code];
  }
}
