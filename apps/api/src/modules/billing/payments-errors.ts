import { AppError } from '../../errors.ts';

/**
 * The provider's failures as Signet's answers: a refused card or debit is the customer's to fix
 * (PAYMENT_DECLINED with the decline code); anything else is the provider's (PAYMENTS_UNAVAILABLE),
 * and its message stays in the log, never in the answer. Read by shape (Stripe's error `type`),
 * so the billing module does not depend on the SDK's classes.
 */
function asPaymentsError(error: unknown): Error {
  if (error instanceof AppError) return error;
  const failure = error as { type?: unknown; code?: unknown; decline_code?: unknown; declineCode?: unknown };
  if (failure?.type === 'StripeCardError' || failure?.type === 'card_error') {
    const declineCode = String(
      failure.decline_code ?? failure.declineCode ?? failure.code ?? 'card_declined',
    );
    return new AppError('PAYMENT_DECLINED', `The payment method was declined (${declineCode}).`, {
      details: { declineCode },
      cause: error,
    });
  }
  return new AppError('PAYMENTS_UNAVAILABLE', 'The payment provider could not be reached; try again later.', {
    cause: error,
  });
}

/** Runs a provider call, turning its failure into Signet's answer. */
export async function withPayments<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw asPaymentsError(error);
  }
}
