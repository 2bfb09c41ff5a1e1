import type { SetupIntent, SetupIntentResult } from '@signet/contracts/billing';
import { PaymentsAdapter, paymentsSettings } from '../src/adapters/payments.ts';
import { json } from './helpers.ts';
import type { FactoryApp, TestUser } from './factories.ts';

// The billing tests' shared steps: a payment method added as the browser adds it, and waiting for
// what the payments provider sends on its own (webhooks arrive when they arrive).

/** The official SDK pointed at the app's payments provider (the embedded sandbox, or STRIPE_API_URL). */
export const providerOf = (t: FactoryApp) => new PaymentsAdapter(paymentsSettings(t.config));

/**
 * The admin adds a payment method as the browser does: Signet's setup intent for the payer's
 * country, confirmed at the provider with the test token `method` (`pm_card_visa` …), then finished
 * by Signet (the method becomes the default); answers the setup intent as Signet then reports it.
 */
export async function addPaymentMethod(
  t: FactoryApp,
  admin: TestUser,
  businessId: string,
  method: string,
  country = 'CH',
): Promise<SetupIntent> {
  const url = `/v1/businesses/${businessId}/billing/setup-intent`;
  const { setupIntent: intent } = json<SetupIntentResult>(await t.call('POST', url, admin, { country }));
  await providerOf(t).confirmSetupIntent(intent.id, {
    payment_method: method,
    return_url: `${t.config.publicUrl}/upgrade`,
  });
  return json<SetupIntentResult>(await t.call('POST', `${url}/${intent.id}`, admin, { country })).setupIntent;
}

/** Reads until `done` holds (or fails after `withinMs`, naming `what` and the last value). */
export async function eventually<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  withinMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The payments sandbox's clock (Unix seconds), moved forward by `seconds` first when given. */
export async function sandboxNow(t: FactoryApp, seconds?: number): Promise<number> {
  const answer = seconds
    ? await t.app.inject({
        method: 'POST',
        url: '/sandbox/payments/test/clock/advance',
        payload: { seconds },
      })
    : await t.app.inject({ method: 'GET', url: '/sandbox/payments/test/clock' });
  if (answer.statusCode !== 200)
    throw new Error(`The sandbox clock answered ${answer.statusCode}: ${answer.body}`);
  return json<{ now: number }>(answer).now;
}
