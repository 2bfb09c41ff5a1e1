import { describe, expect, it } from 'vitest';
import type { PaymentMethods, SetupIntentResult } from '@signet/contracts/billing';
import { PaymentsAdapter, paymentsSettings } from '../../adapters/payments.ts';
import { databaseKinds, json } from '../../../test/helpers.ts';
import { useTestApp, type TestUser } from '../../../test/factories.ts';
import { billingOf } from './billing.repository.ts';

// Adding a card or SEPA debit (payment-methods.service.ts) against the embedded payments sandbox over
// real HTTP. The browser's part (sending the card to the provider) is done here with the official SDK,
// as Stripe.js would with the client secret.

describe.each(databaseKinds)('payment methods of a business on %s', (kind) => {
  const t = useTestApp(kind, { listen: true });
  /** The provider as Stripe.js and the sandbox's test pages reach it. */
  const provider = () => new PaymentsAdapter(paymentsSettings(t.config));
  /** POST …/setup-intent (or …/setup-intent/{id}, finishing it): the setup intent answered. */
  const intentCall = async (url: string, admin: TestUser, body: object) => {
    const response = await t.call('POST', url, admin, body);
    expect(response.statusCode, response.body).toBe(200);
    return json<SetupIntentResult>(response).setupIntent;
  };
  const methodsOf = async (admin: TestUser, businessId: string) =>
    json<PaymentMethods>(await t.call('GET', `/v1/businesses/${businessId}/billing/payment`, admin));

  it('creates the customer once, sets up a card the browser sends to the provider, and marks it default', async () => {
    const { admin, business } = await t.team();
    const url = `/v1/businesses/${business.id}/billing/setup-intent`;
    const intent = await intentCall(url, admin, { country: 'CH' });
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      paymentMethodTypes: ['card', 'sepa_debit'],
      nextActionUrl: null,
      paymentMethodId: null,
    });
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));
    expect(intent.publishableKey).toMatch(/^pk_test_/);
    expect(intent.apiUrl).toBe(`${t.config.publicUrl}/sandbox/payments`);

    const customer = (await billingOf(t.database.db, business.id))?.stripeCustomerId;
    expect(customer).toMatch(/^cus_/);
    const atProvider = await provider().stripe.customers.retrieve(customer!);
    expect(atProvider).toMatchObject({ metadata: { signet_business_id: business.id } });
    // A second intent is the same customer's.
    const second = await intentCall(url, admin, { country: 'ch', paymentMethodTypes: ['card'] });
    expect(second.paymentMethodTypes).toEqual(['card']);
    expect((await provider().retrieveSetupIntent(second.id)).customer).toBe(customer);
    expect(await methodsOf(admin, business.id)).toEqual({ cards: [], sepaDebits: [] });
    // Outside the SEPA area the form offers cards only.
    expect((await intentCall(url, admin, { country: 'US' })).paymentMethodTypes).toEqual(['card']);

    await provider().confirmSetupIntent(intent.id, { payment_method: 'pm_card_visa' });
    const done = await intentCall(`${url}/${intent.id}`, admin, { country: 'CH' });
    expect(done).toMatchObject({ status: 'succeeded', clientSecret: null, nextActionUrl: null });
    expect(done.paymentMethodId).toMatch(/^pm_/);
    expect(await methodsOf(admin, business.id)).toEqual({
      cards: [
        {
          id: done.paymentMethodId,
          brand: 'visa',
          last4: '4242',
          expMonth: expect.any(Number) as number,
          expYear: expect.any(Number) as number,
          defaultPaymentMethod: true,
        },
      ],
      sepaDebits: [],
    });
  });

  it('names the page a card that needs 3-D Secure must open, and adds a SEPA debit', async () => {
    const { admin, business } = await t.team();
    const url = `/v1/businesses/${business.id}/billing/setup-intent`;
    const intent = await intentCall(url, admin, { country: 'DE' });
    await provider().confirmSetupIntent(intent.id, {
      payment_method: 'pm_card_authenticationRequired',
      return_url: `${t.config.publicUrl}/upgrade`,
    });
    const pending = await intentCall(`${url}/${intent.id}`, admin, { country: 'DE' });
    expect(pending).toMatchObject({ status: 'requires_action', paymentMethodId: null });
    expect(pending.nextActionUrl).toMatch(new RegExp(`^${t.config.publicUrl}/sandbox/payments/`));

    // A card first, then the SEPA debit: finishing the debit makes it the default.
    const card = await intentCall(url, admin, { country: 'DE' });
    await provider().confirmSetupIntent(card.id, { payment_method: 'pm_card_visa' });
    await intentCall(`${url}/${card.id}`, admin, { country: 'DE' });
    const sepa = await intentCall(url, admin, { country: 'DE', paymentMethodTypes: ['sepa_debit'] });
    // Stripe.js creates the SEPA debit from the IBAN in the browser, then confirms with the mandate.
    const debit = await provider().stripe.paymentMethods.create({
      type: 'sepa_debit',
      sepa_debit: { iban: 'DE89370400440532013000' },
      billing_details: { name: 'Anna Admin', email: 'anna@example.ch' },
    });
    await provider().confirmSetupIntent(sepa.id, {
      payment_method: debit.id,
      mandate_data: {
        customer_acceptance: { type: 'online', online: { ip_address: '127.0.0.1', user_agent: 'test' } },
      },
    });
    expect((await intentCall(`${url}/${sepa.id}`, admin, { country: 'DE' })).status).toBe('succeeded');
    const methods = await methodsOf(admin, business.id);
    expect(methods.cards).toMatchObject([{ last4: '4242', defaultPaymentMethod: false }]);
    expect(methods.sepaDebits).toMatchObject([{ country: 'DE', last4: '3000', defaultPaymentMethod: true }]);
  });

  it('shows an intent only to its business’s admins, and refuses a payment method type it does not offer', async () => {
    const ours = await t.team();
    const theirs = await t.team();
    const ch = { country: 'CH' };
    const intent = await intentCall(
      `/v1/businesses/${theirs.business.id}/billing/setup-intent`,
      theirs.admin,
      ch,
    );
    // An intent id is not a credential: another business's admin finds nothing behind it.
    await intentCall(`/v1/businesses/${ours.business.id}/billing/setup-intent`, ours.admin, ch);
    const foreign = await t.call(
      'POST',
      `/v1/businesses/${ours.business.id}/billing/setup-intent/${intent.id}`,
      ours.admin,
      ch,
    );
    expect(json(foreign)).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', field: 'intentId' });
    const unknown = await t.call(
      'POST',
      `/v1/businesses/${ours.business.id}/billing/setup-intent/seti_doesnotexist`,
      ours.admin,
      ch,
    );
    expect(json(unknown)).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    const member = await t.call(
      'POST',
      `/v1/businesses/${ours.business.id}/billing/setup-intent`,
      ours.member,
      ch,
    );
    expect(json(member)).toMatchObject({ statusCode: 403, code: 'BUSINESS_ADMINS_ONLY' });
    const setupUrl = `/v1/businesses/${ours.business.id}/billing/setup-intent`;
    const bad = await t.call('POST', setupUrl, ours.admin, { country: 'CH', paymentMethodTypes: ['paypal'] });
    expect(json(bad)).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(String(json(bad).field)).toMatch(/^body\.paymentMethodTypes/);
    const noCountry = await t.call('POST', setupUrl, ours.admin, {});
    expect(json(noCountry)).toMatchObject({ statusCode: 400, field: 'body.country' });
    const badCountry = await t.call('POST', setupUrl, ours.admin, { country: 'Switzerland' });
    expect(json(badCountry)).toMatchObject({ statusCode: 400, field: 'body.country' });
    const sepaAbroad = await t.call('POST', setupUrl, ours.admin, {
      country: 'US',
      paymentMethodTypes: ['sepa_debit'],
    });
    expect(json(sepaAbroad)).toMatchObject({ statusCode: 400, field: 'paymentMethodTypes' });
    const finishBare = await t.call('POST', `${setupUrl}/${intent.id}`, ours.admin, {});
    expect(json(finishBare)).toMatchObject({ statusCode: 400, field: 'body.country' });
  });
});
