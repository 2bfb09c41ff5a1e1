import type { SetupIntent } from '@signet/contracts/billing';

// The browser's part of adding a payment method, as Stripe.js does it: the card number or IBAN goes
// straight to the payments provider (the setup intent's `apiUrl`, with the publishable key and the
// intent's client secret), never to Signet. Signet then reads the outcome through its own API.

export type NewMethod =
  | { type: 'card'; number: string; expMonth: number; expYear: number; cvc: string }
  | { type: 'sepa_debit'; iban: string; name: string; email: string };

/** The provider refused the details (declined card, invalid IBAN): its own message, and decline code. */
export class ProviderRefusal extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly param: string | null,
  ) {
    super(message);
    this.name = 'ProviderRefusal';
  }
}

async function providerCall(intent: SetupIntent, path: string, fields: Record<string, string>) {
  const response = await fetch(`${intent.apiUrl}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${intent.publishableKey}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(fields).toString(),
  });
  const body = (await response.json().catch(() => ({}))) as {
    id?: string;
    status?: string;
    next_action?: { redirect_to_url?: { url?: string } } | null;
    error?: { message?: string; code?: string; decline_code?: string; param?: string };
  };
  if (!response.ok)
    throw new ProviderRefusal(
      body.error?.message ?? `The payments provider answered ${response.status}.`,
      body.error?.decline_code ?? body.error?.code ?? null,
      body.error?.param ?? null,
    );
  return body;
}

function methodFields(method: NewMethod): Record<string, string> {
  if (method.type === 'card')
    return {
      type: 'card',
      'card[number]': method.number.replace(/\s+/g, ''),
      'card[exp_month]': String(method.expMonth),
      'card[exp_year]': String(method.expYear),
      'card[cvc]': method.cvc,
    };
  return {
    type: 'sepa_debit',
    'sepa_debit[iban]': method.iban.replace(/\s+/g, '').toUpperCase(),
    'billing_details[name]': method.name,
    'billing_details[email]': method.email,
  };
}

/**
 * Makes the payment method at the provider and confirms the setup intent with it. Answers the page
 * to open when the issuer asks for authentication (3-D Secure), which returns to `returnUrl`.
 */
export async function confirmWithProvider(
  intent: SetupIntent,
  method: NewMethod,
  returnUrl: string,
): Promise<{ status: string; nextActionUrl: string | null }> {
  if (!intent.clientSecret) throw new ProviderRefusal('This setup intent is finished already.', null, null);
  const created = await providerCall(intent, '/v1/payment_methods', methodFields(method));
  const mandate: Record<string, string> =
    method.type === 'sepa_debit'
      ? {
          'mandate_data[customer_acceptance][type]': 'online',
          'mandate_data[customer_acceptance][online][infer_from_client]': 'true',
        }
      : {};
  const confirmed = await providerCall(intent, `/v1/setup_intents/${intent.id}/confirm`, {
    client_secret: intent.clientSecret,
    payment_method: created.id ?? '',
    return_url: returnUrl,
    ...mandate,
  });
  return {
    status: confirmed.status ?? 'unknown',
    nextActionUrl: confirmed.next_action?.redirect_to_url?.url ?? null,
  };
}
