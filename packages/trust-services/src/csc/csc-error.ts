/** An error in the CSC API v2 error format: `{"error": ..., "error_description": ...}` with an HTTP status. */
export class CscError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
    /** Extra members of the error body (e.g. remainingAttempts). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(description);
    this.name = 'CscError';
  }

  toBody(): Record<string, unknown> {
    return { error: this.error, error_description: this.description, ...this.details };
  }
}

export const invalidRequest = (description: string) => new CscError(400, 'invalid_request', description);
