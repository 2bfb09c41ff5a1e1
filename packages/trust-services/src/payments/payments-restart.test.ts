import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { testStripeWebhookSecret, usePaymentsSandbox } from '../test-support/payments-sandbox.js';

const bed = usePaymentsSandbox('restart');

describe('a restarted payments sandbox', () => {
  it('retries webhooks the endpoint refused, with growing waits, each signed anew', async () => {
    let refusals = 2;
    bed.receiver.status = () => (refusals-- > 0 ? 500 : 204);
    const customer = await bed.stripe.customers.create({ email: 'retry@example.ch' });
    await bed.receiver.until((events) =>
      events.some(
        (e) => e.type === 'customer.created' && (e.data.object as Stripe.Customer).id === customer.id,
      ),
    );
    const attempts = bed.receiver.deliveries.filter((d) => d.body.includes(customer.id));
    expect(attempts.map((d) => d.status)).toEqual([500, 500, 204]);
    // The waits double: at least 30 ms, then at least 60 ms (the test's first retry wait).
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(29);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(59);
    for (const attempt of attempts)
      expect(
        bed.stripe.webhooks.constructEvent(
          attempt.body,
          attempt.headers['stripe-signature'] as string,
          testStripeWebhookSecret,
        ).id,
      ).toBe((JSON.parse(attempts[0]!.body) as Stripe.Event).id);
    bed.receiver.status = () => 204;
  });

  it('keeps its objects and clock, and sends the webhooks its predecessor could not deliver', async () => {
    const customer = await bed.stripe.customers.create({ email: 'before@example.ch' });
    const product = await bed.stripe.products.create({ name: 'Signet Pro' });
    const price = await bed.stripe.prices.create({
      product: product.id,
      currency: 'eur',
      unit_amount: 2900,
      recurring: { interval: 'month' },
    });
    await bed.stripe.paymentMethods
      .attach('pm_card_visa', { customer: customer.id })
      .then((m) =>
        bed.stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: m.id } }),
      );
    const subscription = await bed.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id, quantity: 2 }],
      trial_period_days: 7,
    });
    await bed.receiver.until((events) =>
      events.some(
        (e) =>
          e.type === 'customer.subscription.created' &&
          (e.data.object as Stripe.Subscription).id === subscription.id,
      ),
    );

    // The endpoint goes down; the trial ends meanwhile; the sandbox stops with its webhooks undelivered.
    bed.receiver.status = () => 503;
    const clock = await bed.advance(8 * 24 * 60 * 60);
    const renewal = (await bed.stripe.subscriptions.retrieve(subscription.id)).latest_invoice as string;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bed.receiver.deliveries.some((d) => d.status === 503 && d.body.includes(renewal))).toBe(true);
    expect(bed.receiver.delivered().some((e) => (e.data.object as { id: string }).id === renewal)).toBe(
      false,
    );
    await bed.restart();
    bed.receiver.status = () => 204;

    const after = await bed.stripe.subscriptions.retrieve(subscription.id, {
      expand: ['customer', 'latest_invoice'],
    });
    expect(after.status).toBe('active');
    expect((after.customer as Stripe.Customer).email).toBe('before@example.ch');
    expect((after.latest_invoice as Stripe.Invoice).amount_paid).toBe(5800);
    expect(await bed.advance(1)).toBeGreaterThanOrEqual(clock + 1);
    // The idempotency keys survive too.
    const keyed = await bed.stripe.customers.create(
      { email: 'keyed@example.ch' },
      { idempotencyKey: 'k-restart' },
    );
    await bed.restart();
    expect(
      (await bed.stripe.customers.create({ email: 'keyed@example.ch' }, { idempotencyKey: 'k-restart' })).id,
    ).toBe(keyed.id);

    const events = await bed.receiver.until(
      (all) =>
        all.some(
          (e) =>
            e.type === 'invoice.paid' &&
            (e.data.object as Stripe.Invoice).id === (after.latest_invoice as Stripe.Invoice).id,
        ) &&
        all.some(
          (e) =>
            e.type === 'customer.subscription.updated' &&
            (e.data.object as Stripe.Subscription).status === 'active',
        ),
    );
    // Each event arrives once with a 2xx, whatever it took.
    const ids = events.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const listed = await bed.stripe.events.list({ type: 'invoice.paid', limit: 100 });
    expect(listed.data.map((e) => e.id)).toEqual(
      expect.arrayContaining(events.filter((e) => e.type === 'invoice.paid').map((e) => e.id)),
    );
  });
});
