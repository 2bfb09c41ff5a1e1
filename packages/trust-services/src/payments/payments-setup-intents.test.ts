import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  stripeFor,
  testStripePublishableKey,
  testStripeWebhookSecret,
  usePaymentsSandbox,
} from '../test-support/payments-sandbox.js';

const bed = usePaymentsSandbox('setup-intents');
const returnUrl = 'http://localhost:3000/upgrade/payment?step=confirm';

/** The tester's answer on the sandbox's 3-D Secure page (a plain form post, as a browser sends it). */
const answerChallenge = (url: string, outcome: 'complete' | 'fail') =>
  fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome }).toString(),
  });

describe('setup intents of the payments sandbox', () => {
  it('set up a good card at once, attached to the customer, with signed setup_intent.succeeded', async () => {
    const customer = await bed.stripe.customers.create({ email: 'setup@example.ch' });
    const intent = await bed.stripe.setupIntents.create({
      customer: customer.id,
      allowed_payment_method_types: ['card'],
      usage: 'off_session',
    });
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      client_secret: expect.stringMatching(new RegExp(`^${intent.id}_secret_`)),
    });
    const confirmed = await bed.stripe.setupIntents.confirm(intent.id, {
      payment_method: 'pm_card_visa',
      return_url: returnUrl,
    });
    expect(confirmed.status).toBe('succeeded');
    const method = await bed.stripe.paymentMethods.retrieve(confirmed.payment_method as string);
    expect(method.customer).toBe(customer.id);
    const events = await bed.receiver.until((all) =>
      all.some(
        (e) => e.type === 'setup_intent.succeeded' && (e.data.object as Stripe.SetupIntent).id === intent.id,
      ),
    );
    const delivery = bed.receiver.deliveries.find(
      (d) => d.body.includes(`"setup_intent.succeeded"`) && d.body.includes(intent.id),
    )!;
    // Signet's side: the SDK's own verification accepts the sandbox's signature...
    const event = bed.stripe.webhooks.constructEvent(
      delivery.body,
      delivery.headers['stripe-signature'] as string,
      testStripeWebhookSecret,
    );
    expect(event).toMatchObject({
      object: 'event',
      type: 'setup_intent.succeeded',
      api_version: expect.any(String),
    });
    expect(events.map((e) => e.id)).toContain(event.id);
    // ...and refuses a changed body or another secret.
    expect(() =>
      bed.stripe.webhooks.constructEvent(
        delivery.body.replace('succeeded', 'canceled'),
        delivery.headers['stripe-signature'] as string,
        testStripeWebhookSecret,
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() =>
      bed.stripe.webhooks.constructEvent(
        delivery.body,
        delivery.headers['stripe-signature'] as string,
        'whsec_other',
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it('fail a declined card with a 402 card error and setup_intent.setup_failed; the intent can be retried', async () => {
    const customer = await bed.stripe.customers.create({ email: 'declined@example.ch' });
    const intent = await bed.stripe.setupIntents.create({ customer: customer.id });
    const error = await bed.stripe.setupIntents
      .confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'generic_decline' });
    expect((error as Stripe.errors.StripeCardError).raw).toMatchObject({
      setup_intent: { id: intent.id, status: 'requires_payment_method' },
    });
    const after = await bed.stripe.setupIntents.retrieve(intent.id);
    expect(after).toMatchObject({
      status: 'requires_payment_method',
      payment_method: null,
      last_setup_error: { code: 'card_declined' },
    });
    await bed.receiver.until((all) =>
      all.some(
        (e) =>
          e.type === 'setup_intent.setup_failed' && (e.data.object as Stripe.SetupIntent).id === intent.id,
      ),
    );
    expect(
      (await bed.stripe.setupIntents.confirm(intent.id, { payment_method: 'pm_card_mastercard' })).status,
    ).toBe('succeeded');
    const done = await bed.stripe.setupIntents
      .confirm(intent.id, { payment_method: 'pm_card_visa' })
      .catch((e: unknown) => e);
    expect(done).toMatchObject({ statusCode: 400, code: 'setup_intent_unexpected_state' });
  });

  it('send a 3-D Secure card to the sandbox page; completing it succeeds and returns to return_url', async () => {
    const customer = await bed.stripe.customers.create({ email: '3ds@example.ch' });
    const method = await bed.stripe.paymentMethods.create({
      type: 'card',
      card: { number: '4000002500003155', exp_month: 10, exp_year: 2033 },
    });
    const noReturn = await bed.stripe.setupIntents
      .create({ customer: customer.id, payment_method: method.id, confirm: true })
      .catch((e: unknown) => e);
    expect(noReturn).toMatchObject({ statusCode: 400, param: 'return_url' });
    const intent = await bed.stripe.setupIntents.create({
      customer: customer.id,
      payment_method: method.id,
      confirm: true,
      return_url: returnUrl,
    });
    expect(intent.status).toBe('requires_action');
    expect(intent.next_action).toMatchObject({
      type: 'redirect_to_url',
      redirect_to_url: { return_url: returnUrl },
    });
    const pageUrl = intent.next_action!.redirect_to_url!.url!;
    expect(pageUrl.startsWith(`${bed.sandbox.url}/pages/authenticate/${intent.id}/`)).toBe(true);
    const page = await fetch(pageUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('SIMULATED');
    expect(html).toContain('visa •••• 3155');
    expect(html).toContain('Complete authentication');
    expect((await fetch(`${pageUrl.slice(0, -5)}xxxxx`)).status).toBe(404);
    const answer = await answerChallenge(pageUrl, 'complete');
    expect(answer.status).toBe(303);
    const back = new URL(answer.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:3000/upgrade/payment');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      step: 'confirm',
      setup_intent: intent.id,
      setup_intent_client_secret: intent.client_secret,
      redirect_status: 'succeeded',
    });
    const after = await bed.stripe.setupIntents.retrieve(intent.id);
    expect(after).toMatchObject({ status: 'succeeded', payment_method: method.id, next_action: null });
    expect((await bed.stripe.paymentMethods.retrieve(method.id)).customer).toBe(customer.id);
    // The link works once.
    expect((await answerChallenge(pageUrl, 'complete')).status).toBe(404);
  });

  it('fail the intent when the tester fails the authentication; nothing is attached', async () => {
    const customer = await bed.stripe.customers.create({ email: 'abandon@example.ch' });
    const intent = await bed.stripe.setupIntents.create({
      customer: customer.id,
      payment_method: 'pm_card_authenticationRequired',
      confirm: true,
      return_url: returnUrl,
    });
    const answer = await answerChallenge(intent.next_action!.redirect_to_url!.url!, 'fail');
    expect(new URL(answer.headers.get('location')!).searchParams.get('redirect_status')).toBe('failed');
    const after = await bed.stripe.setupIntents.retrieve(intent.id);
    expect(after).toMatchObject({
      status: 'requires_payment_method',
      payment_method: null,
      last_setup_error: { code: 'setup_intent_authentication_failure' },
    });
    expect((await bed.stripe.customers.listPaymentMethods(customer.id)).data).toEqual([]);
    await bed.receiver.until((all) =>
      all.some(
        (e) =>
          e.type === 'setup_intent.setup_failed' && (e.data.object as Stripe.SetupIntent).id === intent.id,
      ),
    );
    const canceled = await bed.stripe.setupIntents.cancel(intent.id);
    expect(canceled.status).toBe('canceled');
  });

  it('let a browser with the publishable key do what Stripe.js does, and nothing more', async () => {
    const customer = await bed.stripe.customers.create({ email: 'browser@example.ch' });
    const intent = await bed.stripe.setupIntents.create({ customer: customer.id });
    const browser = stripeFor(bed.sandbox, testStripePublishableKey);
    const method = await browser.paymentMethods.create({
      type: 'card',
      card: { number: '4000002500003155', exp_month: 4, exp_year: 2031, cvc: '123' },
    });
    const withoutSecret = await browser.setupIntents
      .confirm(intent.id, { payment_method: method.id, return_url: returnUrl })
      .catch((e: unknown) => e);
    expect(withoutSecret).toMatchObject({ statusCode: 400, param: 'client_secret' });
    const confirm = {
      payment_method: method.id,
      return_url: returnUrl,
      client_secret: intent.client_secret,
    } as Stripe.SetupIntentConfirmParams;
    const confirmed = await browser.setupIntents.confirm(intent.id, confirm);
    expect(confirmed.status).toBe('requires_action');
    await answerChallenge(confirmed.next_action!.redirect_to_url!.url!, 'complete');
    expect(
      (await browser.setupIntents.retrieve(intent.id, { client_secret: intent.client_secret! })).status,
    ).toBe('succeeded');
    const refused = await browser.customers.list().catch((e: unknown) => e);
    expect(refused).toMatchObject({ statusCode: 403 });
    expect(
      await browser.paymentMethods.attach(method.id, { customer: customer.id }).catch((e: unknown) => e),
    ).toMatchObject({ statusCode: 403 });
    expect((await bed.stripe.paymentMethods.retrieve(method.id)).customer).toBe(customer.id);
  });

  it('set up SEPA debit with the test IBAN', async () => {
    const customer = await bed.stripe.customers.create({ email: 'sepa@example.ch', name: 'Erika Muster' });
    const intent = await bed.stripe.setupIntents.create({
      customer: customer.id,
      allowed_payment_method_types: ['sepa_debit'],
    });
    const method = await bed.stripe.paymentMethods.create({
      type: 'sepa_debit',
      sepa_debit: { iban: 'DE89370400440532013000' },
      billing_details: { name: 'Erika Muster', email: 'sepa@example.ch' },
    });
    const card = await bed.stripe.setupIntents
      .confirm(intent.id, { payment_method: 'pm_card_visa' })
      .catch((e: unknown) => e);
    expect(card).toMatchObject({ statusCode: 400, param: 'payment_method' });
    expect((await bed.stripe.setupIntents.confirm(intent.id, { payment_method: method.id })).status).toBe(
      'succeeded',
    );
    const list = await bed.stripe.customers.listPaymentMethods(customer.id, { expand: ['data.customer'] });
    expect(list.data).toHaveLength(1);
    expect((list.data[0]!.customer as Stripe.Customer).email).toBe('sepa@example.ch');
  });
});
