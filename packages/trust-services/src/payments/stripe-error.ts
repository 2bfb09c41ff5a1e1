/** The `type` values of Stripe's error objects; the SDK picks its error class by them. */
type StripeErrorType = 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';

export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
  /** Card errors during a setup intent name it, as Stripe's do. */
  setup_intent?: unknown;
  payment_method?: unknown;
}

/** An answer in Stripe's error format, `{"error": {...}}`, with the HTTP status Stripe gives it. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

export const invalidRequest = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(param ? { param } : {}),
    ...(code ? { code } : {}),
  });

export const missingParam = (param: string) =>
  invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');

export const noSuch = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });
