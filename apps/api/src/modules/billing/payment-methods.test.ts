import { describe, expect, it } from 'vitest';
import type { PaymentMethods, SetupIntent } from '@signet/contracts/billing';
import { PaymentsAdapter, paymentsSettings } from '../../adapters/payments.ts';
import { databaseKinds, json } from '../../../test/helpers.ts';
import { useTestApp } from '../../../test/factories.ts';
import { billingOf } from './billing.repository.ts';

// Adding a card or SEPA debit (payment-methods.service.ts) against the embedded payments sandbox over
// real HTTP. The browser's part (sending the card to the provider) is done here with the official SDK,
// as Stripe.js would with the client secret.

describe.each(databaseKinds)('payment methods of a business on %s', (kind) => {
  const t = useTestApp(kind, { listen: true });
  /** The provider as Stripe.js and the sandbox's test pages reach it. */
  const provider = () => new PaymentsAdapter(paymentsSettings(t.config));

  it('creates the customer once, sets up a card the browser sends to the provider, and marks it default', async () => {
    const { admin, business } = await t.team();
    const url = `/v1/businesses/${business.id}/billing/setup-intent`;
    const first = await t.call('POST', url, admin, {});
    expect(first.statusCode, first.body).toBe(200);
    const intent = json<SetupIntent>(first);
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
    const second = json<SetupIntent>(await t.call('POST', url, admin, { paymentMethodTypes: ['card'] }));
    expect(second.paymentMethodTypes).toEqual(['card']);
    expect((await provider().retrieveSetupIntent(second.id)).customer).toBe(customer);
    expect(
      json<PaymentMethods>(await t.call('GET', `/v1/businesses/${business.id}/billing/payment`, admin)),
    ).toEqual({ paymentMethods: [] });

    await provider().confirmSetupIntent(intent.id, { payment_method: 'pm_card_visa' });
    const done = json<SetupIntent>(await t.call('GET', `${url}/${intent.id}`, admin));
    expect(done).toMatchObject({ status: 'succeeded', clientSecret: null, nextActionUrl: null });
    expect(done.paymentMethodId).toMatch(/^pm_/);
    const methods = json<PaymentMethods>(
      await t.call('GET', `/v1/businesses/${business.id}/billing/payment`, admin),
    );
    expect(methods.paymentMethods).toEqual([
      {
        id: done.paymentMethodId,
        type: 'card',
        brand: 'visa',
        last4: '4242',
        expMonth: expect.any(Number) as number,
        expYear: expect.any(Number) as number,
        isDefault: true,
      },
    ]);
  });

  it('names the page a card that needs 3-D Secure must open, and adds a SEPA debit', async () => {
    const { admin, business } = await t.team();
    const url = `/v1/businesses/${business.id}/billing/setup-intent`;
    const intent = json<SetupIntent>(await t.call('POST', url, admin, {}));
    await provider().confirmSetupIntent(intent.id, {
      payment_method: 'pm_card_authenticationRequired',
      return_url: `${t.config.publicUrl}/upgrade`,
    });
    const pending = json<SetupIntent>(await t.call('GET', `${url}/${intent.id}`, admin));
    expect(pending).toMatchObject({ status: 'requires_action', paymentMethodId: null });
    expect(pending.nextActionUrl).toMatch(new RegExp(`^${t.config.publicUrl}/sandbox/payments/`));

    const sepa = json<SetupIntent>(await t.call('POST', url, admin, { paymentMethodTypes: ['sepa_debit'] }));
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
    expect(json<SetupIntent>(await t.call('GET', `${url}/${sepa.id}`, admin)).status).toBe('succeeded');
    const methods = json<PaymentMethods>(
      await t.call('GET', `/v1/businesses/${business.id}/billing/payment`, admin),
    );
    expect(methods.paymentMethods).toMatchObject([{ type: 'sepa_debit', last4: '3000', isDefault: true }]);
  });

  it('shows an intent only to its business’s admins, and refuses a payment method type it does not offer', async () => {
    const ours = await t.team();
    const theirs = await t.team();
    const intent = json<SetupIntent>(
      await t.call('POST', `/v1/businesses/${theirs.business.id}/billing/setup-intent`, theirs.admin, {}),
    );
    // An intent id is not a credential: another business's admin finds nothing behind it.
    await t.call('POST', `/v1/businesses/${ours.business.id}/billing/setup-intent`, ours.admin, {});
    const foreign = await t.call(
      'GET',
      `/v1/businesses/${ours.business.id}/billing/setup-intent/${intent.id}`,
      ours.admin,
    );
    expect(json(foreign)).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', field: 'intentId' });
    const unknown = await t.call(
      'GET',
      `/v1/businesses/${ours.business.id}/billing/setup-intent/seti_doesnotexist`,
      ours.admin,
    );
    expect(json(unknown)).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    const member = await t.call(
      'POST',
      `/v1/businesses/${ours.business.id}/billing/setup-intent`,
      ours.member,
      {},
    );
    expect(json(member)).toMatchObject({ statusCode: 403, code: 'BUSINESS_ADMINS_ONLY' });
    const bad = await t.call('POST', `/v1/businesses/${ours.business.id}/billing/setup-intent`, ours.admin, {
      paymentMethodTypes: ['paypal'],
    });
    expect(json(bad)).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(String(json(bad).field)).toMatch(/^body\.paymentMethodTypes/);
  });
});
