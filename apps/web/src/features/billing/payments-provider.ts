import type { SetupIntent } from '@signet/contracts/billing';

// The browser's side of adding a payment method, as Stripe.js does it: the card number or IBAN goes
// from this page straight to the payments API the server announced (`apiUrl`, Stripe's or the
// sandbox's), with the PUBLISHABLE key and the setup intent's client secret; Signet's server only
// ever sees the provider's ids. The page's CSP admits exactly that API (connect-src).

export type PaymentDetails =
  | { type: 'card'; number: string; expMonth: number; expYear: number; cvc: string }
  | { type: 'sepa_debit'; iban: string; name: string; email: string };

/** What went wrong at the provider, in words the form can show (Stripe's error object, read by shape). */
export type ProviderFailure =
  | { kind: 'declined'; declineCode: string | null }
  | { kind: 'invalid'; param: string | null }
  | { kind: 'unavailable' };

export class ProviderError extends Error {
  constructor(readonly failure: ProviderFailure) {
    super(failure.kind);
    this.name = 'ProviderError';
  }
}

interface StripeErrorBody {
  error?: { type?: string; code?: string; decline_code?: string; param?: string };
}

async function post(
  intent: Pick<SetupIntent, 'apiUrl' | 'publishableKey'>,
  path: string,
  fields: Record<string, string>,
): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(`${intent.apiUrl}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${intent.publishableKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(fields).toString(),
      credentials: 'omit',
    });
  } catch {
    throw new ProviderError({ kind: 'unavailable' });
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown> & StripeErrorBody;
  if (response.ok) return body;
  const error = body.error ?? {};
  if (error.type === 'card_error' && error.code === 'card_declined')
    throw new ProviderError({ kind: 'declined', declineCode: error.decline_code ?? null });
  if (error.type === 'card_error' || (error.type === 'invalid_request_error' && response.status < 500))
    throw new ProviderError({ kind: 'invalid', param: error.param ?? error.code ?? null });
  throw new ProviderError({ kind: 'unavailable' });
}

function methodFields(details: PaymentDetails): Record<string, string> {
  if (details.type === 'card')
    return {
      type: 'card',
      'card[number]': details.number.replace(/[\s-]/g, ''),
      'card[exp_month]': String(details.expMonth),
      'card[exp_year]': String(details.expYear),
      'card[cvc]': details.cvc,
    };
  return {
    type: 'sepa_debit',
    'sepa_debit[iban]': details.iban.replace(/\s/g, '').toUpperCase(),
    'billing_details[name]': details.name,
    'billing_details[email]': details.email,
  };
}

/**
 * Makes the payment method and confirms the setup intent with it. `requires_action` answers the
 * provider's authentication page (3-D Secure), which returns the browser to `returnUrl`.
 */
export async function confirmPaymentMethod(
  intent: SetupIntent,
  details: PaymentDetails,
  returnUrl: string,
): Promise<{ status: string; nextActionUrl: string | null }> {
  if (!intent.clientSecret) throw new ProviderError({ kind: 'unavailable' });
  const method = await post(intent, '/v1/payment_methods', methodFields(details));
  const confirmed = await post(intent, `/v1/setup_intents/${encodeURIComponent(intent.id)}/confirm`, {
    client_secret: intent.clientSecret,
    payment_method: String(method.id),
    return_url: returnUrl,
    // A SEPA debit needs the customer's mandate: accepted online, on this page.
    ...(details.type === 'sepa_debit'
      ? {
          'mandate_data[customer_acceptance][type]': 'online',
          'mandate_data[customer_acceptance][online][infer_from_client]': 'true',
        }
      : {}),
  });
  const next = confirmed.next_action as { redirect_to_url?: { url?: string } } | null | undefined;
  return { status: String(confirmed.status), nextActionUrl: next?.redirect_to_url?.url ?? null };
}
