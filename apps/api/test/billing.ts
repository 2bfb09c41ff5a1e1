import type { SetupIntent, SetupIntentResult } from '@signet/contracts/billing';
import { PaymentsAdapter, paymentsSettings } from '../src/adapters/payments.ts';
import type { FactoryApp, TestUser } from './factories.ts';
import { json } from './helpers.ts';

/** The payments provider as Stripe.js and the sandbox's test pages reach it (official SDK). */
const providerOf = (t: FactoryApp) => new PaymentsAdapter(paymentsSettings(t.config));

/**
 * The admin adds a payment method as the browser does: a setup intent, the provider confirms it
 * with a test token (`pm_card_visa` …), Signet finishes it (the method becomes the default).
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
