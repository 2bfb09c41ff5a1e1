import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { usePaymentsSandbox } from '../test-support/payments-sandbox.js';

const bed = usePaymentsSandbox('subscriptions');
const day = 24 * 60 * 60;

let teamMonthlyChf: Stripe.Price;
let teamYearlyChf: Stripe.Price;
let teamMonthlyEur: Stripe.Price;
beforeAll(async () => {
  const team = await bed.stripe.products.create({ id: 'team', name: 'Signet Team' });
  teamMonthlyChf = await bed.stripe.prices.create({
    product: team.id,
    currency: 'chf',
    unit_amount: 1500,
    recurring: { interval: 'month' },
    lookup_key: 'team_month_chf',
  });
  teamYearlyChf = await bed.stripe.prices.create({
    product: team.id,
    currency: 'chf',
    unit_amount: 15000,
    recurring: { interval: 'year' },
    lookup_key: 'team_year_chf',
  });
  teamMonthlyEur = await bed.stripe.prices.create({
    product: team.id,
    currency: 'eur',
    unit_amount: 1400,
    recurring: { interval: 'month' },
    lookup_key: 'team_month_eur',
  });
});

/** A customer whose default payment method is the given test card token. */
async function customerWith(token: string | null, email: string): Promise<Stripe.Customer> {
  const customer = await bed.stripe.customers.create({ email });
  if (!token) return customer;
  const method = await bed.stripe.paymentMethods.attach(token, { customer: customer.id });
  return bed.stripe.customers.update(customer.id, {
    invoice_settings: { default_payment_method: method.id },
  });
}

const eventsOf = (subscriptionId: string) =>
  bed.receiver.delivered().filter((e) => {
    const object = e.data.object as { id?: string; subscription?: string | null };
    return object.id === subscriptionId || object.subscription === subscriptionId;
  });

describe('prices and subscriptions of the payments sandbox', () => {
  it('finds prices by lookup key, currency and product', async () => {
    const found = await bed.stripe.prices.list({
      lookup_keys: ['team_year_chf', 'team_month_eur'],
      expand: ['data.product'],
    });
    expect(found.data.map((p) => p.id).sort()).toEqual([teamYearlyChf.id, teamMonthlyEur.id].sort());
    expect((found.data[0]!.product as Stripe.Product).name).toBe('Signet Team');
    expect((await bed.stripe.prices.list({ currency: 'eur' })).data.map((p) => p.id)).toEqual([
      teamMonthlyEur.id,
    ]);
    const taken = await bed.stripe.prices
      .create({
        product: 'team',
        currency: 'chf',
        unit_amount: 1,
        recurring: { interval: 'month' },
        lookup_key: 'team_month_chf',
      })
      .catch((e: unknown) => e);
    expect(taken).toMatchObject({ statusCode: 400, param: 'lookup_key' });
  });

  it('runs a trial: trialing, trial_will_end, then at its end an invoice charged to the default card: active', async () => {
    const customer = await customerWith('pm_card_visa', 'trial@example.ch');
    const subscription = await bed.stripe.subscriptions.create(
      {
        customer: customer.id,
        items: [{ price: teamMonthlyChf.id, quantity: 3 }],
        trial_period_days: 14,
        metadata: { businessId: 'b-trial' },
      },
      { idempotencyKey: 'trial-b-trial' },
    );
    expect(subscription).toMatchObject({
      status: 'trialing',
      currency: 'chf',
      metadata: { businessId: 'b-trial' },
    });
    expect(subscription.trial_end! - subscription.trial_start!).toBe(14 * day);
    expect(subscription.items.data[0]).toMatchObject({
      quantity: 3,
      price: { id: teamMonthlyChf.id },
      current_period_end: subscription.trial_end,
    });
    const first = await bed.stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(first).toMatchObject({ status: 'paid', amount_due: 0, billing_reason: 'subscription_create' });

    await bed.advance(12 * day);
    await bed.receiver.until(() =>
      eventsOf(subscription.id).some((e) => e.type === 'customer.subscription.trial_will_end'),
    );
    expect((await bed.stripe.subscriptions.retrieve(subscription.id)).status).toBe('trialing');

    await bed.advance(2 * day + 60);
    const active = await bed.stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(active.status).toBe('active');
    const invoice = active.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_due: 4500,
      amount_paid: 4500,
      currency: 'chf',
      billing_reason: 'subscription_cycle',
      period_start: subscription.trial_end,
    });
    expect(active.items.data[0]!.current_period_start).toBe(subscription.trial_end);
    const deep = await bed.stripe.subscriptions.retrieve(subscription.id, {
      expand: ['items.data.price.product', 'customer'],
    });
    expect((deep.items.data[0]!.price.product as Stripe.Product).name).toBe('Signet Team');
    expect((deep.customer as Stripe.Customer).email).toBe('trial@example.ch');
    const tooDeep = await bed.stripe.subscriptions
      .list({ expand: ['data.items.data.price.product'] })
      .catch((e: unknown) => e);
    expect(tooDeep).toMatchObject({ statusCode: 400, param: 'expand' });
    const becameActive = (e: Stripe.Event) =>
      e.type === 'customer.subscription.updated' &&
      (e.data.object as Stripe.Subscription).status === 'active';
    await bed.receiver.until(() => eventsOf(subscription.id).some(becameActive));
    const types = eventsOf(subscription.id).map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'customer.subscription.created',
        'customer.subscription.trial_will_end',
        'invoice.paid',
        'customer.subscription.updated',
      ]),
    );
    const updated = eventsOf(subscription.id).find(becameActive)!;
    expect(updated.data.previous_attributes).toMatchObject({ status: 'trialing' });

    const pdf = await fetch(invoice.invoice_pdf!);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(bytes.toString('latin1')).toContain('CHF 45.00');
    const { execFileSync } = await import('node:child_process');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${bed.dir}/invoice.pdf`, bytes);
    expect(execFileSync('qpdf', ['--check', `${bed.dir}/invoice.pdf`], { encoding: 'utf8' })).toContain(
      'No syntax or stream encoding errors',
    );
    expect((await fetch(invoice.invoice_pdf!.replace(/\/[^/]+\/pdf$/, '/wrongtoken/pdf'))).status).toBe(404);
  });

  it('moves a trial whose card fails to past_due, retries, and cancels after the last failed attempt', async () => {
    const customer = await customerWith('pm_card_chargeCustomerFail', 'pastdue@example.ch');
    const subscription = await bed.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: teamMonthlyChf.id }],
      trial_end: Math.floor(Date.now() / 1000) + 400 * day,
    });
    const trialEnd = subscription.trial_end!;
    await bed.advance(trialEnd - (await bed.advance(1)) + 1);
    const pastDue = await bed.stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(pastDue.status).toBe('past_due');
    const invoice = pastDue.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'open', attempt_count: 1, amount_due: 1500 });
    expect(invoice.next_payment_attempt).toBeGreaterThan(trialEnd);
    await bed.receiver.until(() =>
      eventsOf(subscription.id).some((e) => e.type === 'invoice.payment_failed'),
    );

    // Paying with a good card clears it.
    const good = await bed.stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const declined = await bed.stripe.invoices.pay(invoice.id).catch((e: unknown) => e);
    expect(declined).toMatchObject({ statusCode: 402, code: 'card_declined' });
    const paid = await bed.stripe.invoices.pay(invoice.id, { payment_method: good.id });
    expect(paid.status).toBe('paid');
    expect((await bed.stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');

    // The next renewal fails again (the default card still fails): retries at 3, 5, 7 days, then canceled.
    await bed.advance(31 * day);
    expect((await bed.stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    await bed.advance(16 * day);
    const ended = await bed.stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(ended.status).toBe('canceled');
    expect((ended.latest_invoice as Stripe.Invoice).attempt_count).toBe(4);
    // Settling the debt afterwards pays the invoice and leaves the subscription ended.
    const settled = await bed.stripe.invoices.pay((ended.latest_invoice as Stripe.Invoice).id, {
      payment_method: good.id,
    });
    expect(settled.status).toBe('paid');
    expect((await bed.stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
    await bed.receiver.until(() =>
      eventsOf(subscription.id).some((e) => e.type === 'customer.subscription.deleted'),
    );
  });

  it('charges SEPA debits: the good test IBAN pays, the failing one leaves the subscription past_due', async () => {
    const sepaCustomer = async (iban: string, email: string) => {
      const customer = await bed.stripe.customers.create({ email, name: 'Erika Muster' });
      const method = await bed.stripe.paymentMethods.create({
        type: 'sepa_debit',
        sepa_debit: { iban },
        billing_details: { name: 'Erika Muster', email },
      });
      const intent = await bed.stripe.setupIntents.create({
        customer: customer.id,
        allowed_payment_method_types: ['sepa_debit'],
        payment_method: method.id,
        confirm: true,
      });
      expect(intent.status).toBe('succeeded');
      await bed.stripe.customers.update(customer.id, {
        invoice_settings: { default_payment_method: method.id },
      });
      return customer;
    };
    const good = await sepaCustomer('DE89370400440532013000', 'sepa-good@example.ch');
    const paying = await bed.stripe.subscriptions.create({
      customer: good.id,
      items: [{ price: teamMonthlyEur.id, quantity: 2 }],
      trial_period_days: 3,
    });
    const failing = await sepaCustomer('AT861904300235473202', 'sepa-bad@example.ch');
    const unpaid = await bed.stripe.subscriptions.create({
      customer: failing.id,
      items: [{ price: teamMonthlyEur.id }],
      trial_period_days: 3,
    });
    await bed.advance(3 * day + 60);
    const paid = await bed.stripe.subscriptions.retrieve(paying.id, { expand: ['latest_invoice'] });
    expect(paid.status).toBe('active');
    expect(paid.latest_invoice as Stripe.Invoice).toMatchObject({
      status: 'paid',
      amount_paid: 2800,
      currency: 'eur',
    });
    const pastDue = await bed.stripe.subscriptions.retrieve(unpaid.id, { expand: ['latest_invoice'] });
    expect(pastDue.status).toBe('past_due');
    expect(pastDue.latest_invoice as Stripe.Invoice).toMatchObject({
      status: 'open',
      amount_due: 1400,
      attempt_count: 1,
    });
    await bed.receiver.until(() => eventsOf(unpaid.id).some((e) => e.type === 'invoice.payment_failed'));
  });

  it('refuses a subscription without a payment method, or with a failing card under error_if_incomplete', async () => {
    const none = await customerWith(null, 'none@example.ch');
    const missing = await bed.stripe.subscriptions
      .create({ customer: none.id, items: [{ price: teamMonthlyChf.id }] })
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ statusCode: 400, code: 'resource_missing' });
    const failing = await customerWith('pm_card_chargeCustomerFail', 'failing@example.ch');
    const refused = await bed.stripe.subscriptions
      .create({
        customer: failing.id,
        items: [{ price: teamMonthlyChf.id }],
        payment_behavior: 'error_if_incomplete',
      })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect((await bed.stripe.subscriptions.list({ customer: failing.id, status: 'all' })).data).toEqual([]);
    const mixed = await bed.stripe.subscriptions
      .create({ customer: failing.id, items: [{ price: teamMonthlyChf.id }, { price: teamMonthlyEur.id }] })
      .catch((e: unknown) => e);
    expect(mixed).toMatchObject({ statusCode: 400, param: 'items' });
  });

  it('leaves a failing first payment incomplete, which expires after 23 hours', async () => {
    const customer = await customerWith('pm_card_chargeCustomerFail', 'incomplete@example.ch');
    const subscription = await bed.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: teamMonthlyChf.id }],
    });
    expect(subscription.status).toBe('incomplete');
    await bed.advance(24 * 60 * 60);
    const expired = await bed.stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(expired.status).toBe('incomplete_expired');
    expect((expired.latest_invoice as Stripe.Invoice).status).toBe('void');
  });

  it('adds seats with a proration the preview announced, cancels at period end, reactivates, cancels', async () => {
    const customer = await customerWith('pm_card_visa', 'seats@example.ch');
    const subscription = await bed.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: teamMonthlyChf.id, quantity: 2 }],
    });
    expect(subscription.status).toBe('active');
    const item = subscription.items.data[0]!;
    const period = item.current_period_end - item.current_period_start;
    await bed.advance(Math.floor(period / 2));
    const at = await bed.advance(1);
    const preview = await bed.stripe.invoices.createPreview({
      customer: customer.id,
      subscription: subscription.id,
      subscription_details: {
        items: [{ id: item.id, quantity: 4 }],
        proration_date: at,
        proration_behavior: 'always_invoice',
      },
    });
    const remaining = (item.current_period_end - at) / period;
    const expected = Math.round(6000 * remaining) - Math.round(3000 * remaining);
    expect(preview.amount_due).toBe(expected);
    expect(preview.lines.data.map((l) => l.parent?.subscription_item_details?.proration)).toEqual([
      true,
      true,
    ]);
    const updated = await bed.stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, quantity: 4 }],
      proration_date: at,
      proration_behavior: 'always_invoice',
    });
    expect(updated.items.data[0]!.quantity).toBe(4);
    const invoice = await bed.stripe.invoices.retrieve(updated.latest_invoice as string);
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_paid: expected,
      billing_reason: 'subscription_update',
    });

    const removing = await bed.stripe.invoices.createPreview({
      subscription: subscription.id,
      subscription_details: { items: [{ id: item.id, quantity: 3 }], proration_date: at },
    });
    expect(removing.amount_due).toBe(Math.max(0, 4500 - Math.round(1500 * remaining)));

    const cancelling = await bed.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(cancelling).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: item.current_period_end,
    });
    const reactivated = await bed.stripe.subscriptions.update(subscription.id, {
      cancel_at_period_end: false,
    });
    expect(reactivated).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    const canceled = await bed.stripe.subscriptions.cancel(subscription.id);
    expect(canceled).toMatchObject({ status: 'canceled' });
    const again = await bed.stripe.subscriptions
      .update(subscription.id, { cancel_at_period_end: false })
      .catch((e: unknown) => e);
    expect(again).toMatchObject({ statusCode: 400 });
    await bed.receiver.until(() =>
      eventsOf(subscription.id).some((e) => e.type === 'customer.subscription.deleted'),
    );
  });

  it('ends a subscription cancelled at period end when the period ends, and switches monthly to yearly at once', async () => {
    const customer = await customerWith('pm_card_visa', 'yearly@example.ch');
    const subscription = await bed.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: teamMonthlyChf.id }],
    });
    const item = subscription.items.data[0]!;
    const yearly = await bed.stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: teamYearlyChf.id }],
    });
    const invoice = await bed.stripe.invoices.retrieve(yearly.latest_invoice as string);
    expect(invoice.status).toBe('paid');
    // The year in full, less the unused month (all of it, a second or two after it began).
    expect(invoice.amount_paid).toBeGreaterThanOrEqual(15000 - 1500);
    expect(invoice.amount_paid).toBeLessThan(15000 - 1490);
    expect(
      yearly.items.data[0]!.current_period_end - yearly.items.data[0]!.current_period_start,
    ).toBeGreaterThanOrEqual(365 * day);
    await bed.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    await bed.advance(367 * day);
    expect((await bed.stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
  });

  it('applies coupons and promotion codes: percent off once, limits and expiry', async () => {
    const coupon = await bed.stripe.coupons.create({ percent_off: 20, duration: 'once', name: 'Welcome' });
    const code = await bed.stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: 'WELCOME20',
      max_redemptions: 1,
    });
    expect((await bed.stripe.promotionCodes.list({ code: 'welcome20' })).data.map((c) => c.id)).toEqual([
      code.id,
    ]);
    const customer = await customerWith('pm_card_visa', 'promo@example.ch');
    const preview = await bed.stripe.invoices.createPreview({
      customer: customer.id,
      subscription_details: { items: [{ price: teamMonthlyChf.id, quantity: 2 }] },
      discounts: [{ promotion_code: code.id }],
    });
    expect(preview.amount_due).toBe(2400);
    // Someone who is no customer yet (Signet's direct upgrade) gets the same first invoice.
    const newcomer = await bed.stripe.invoices.createPreview({
      customer_details: { tax_exempt: 'none' },
      subscription_details: { items: [{ price: teamMonthlyChf.id, quantity: 2 }] },
      discounts: [{ promotion_code: code.id }],
    });
    expect(newcomer).toMatchObject({ customer: null, amount_due: 2400 });
    expect(newcomer.total_discount_amounts?.[0]?.amount).toBe(preview.subtotal - 2400);
    const subscription = await bed.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: teamMonthlyChf.id, quantity: 2 }],
      discounts: [{ promotion_code: code.id }],
    });
    expect((await bed.stripe.invoices.retrieve(subscription.latest_invoice as string)).amount_paid).toBe(
      2400,
    );
    expect(await bed.stripe.promotionCodes.retrieve(code.id)).toMatchObject({
      active: false,
      times_redeemed: 1,
    });
    const usedUp = await bed.stripe.subscriptions
      .create({
        customer: customer.id,
        items: [{ price: teamMonthlyChf.id }],
        discounts: [{ promotion_code: code.id }],
      })
      .catch((e: unknown) => e);
    expect(usedUp).toMatchObject({
      statusCode: 400,
      code: 'coupon_expired',
      param: 'discounts[0][promotion_code]',
    });
    // The next month costs the full price again (duration once).
    await bed.advance(32 * day);
    const renewed = await bed.stripe.invoices.list({ subscription: subscription.id, limit: 1 });
    expect(renewed.data[0]!.amount_paid).toBe(3000);

    const fixed = await bed.stripe.coupons.create({
      amount_off: 500,
      currency: 'chf',
      duration: 'forever',
      redeem_by: (await bed.advance(1)) + day,
    });
    const soon = await bed.stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: fixed.id },
      code: 'FIVE',
      expires_at: (await bed.advance(1)) + 60,
    });
    await bed.advance(120);
    const expired = await bed.stripe.subscriptions
      .create({
        customer: customer.id,
        items: [{ price: teamMonthlyChf.id }],
        discounts: [{ promotion_code: soon.id }],
      })
      .catch((e: unknown) => e);
    expect(expired).toMatchObject({ statusCode: 400, code: 'coupon_expired' });
    const eur = await bed.stripe.subscriptions
      .create({
        customer: customer.id,
        items: [{ price: teamMonthlyEur.id }],
        discounts: [{ coupon: fixed.id }],
      })
      .catch((e: unknown) => e);
    expect(eur).toMatchObject({ statusCode: 400, param: 'discounts[0][coupon]' });
  });

  it('opens a billing portal page for the customer that leads back to return_url', async () => {
    const customer = await customerWith('pm_card_visa', 'portal@example.ch');
    await bed.stripe.subscriptions.create({ customer: customer.id, items: [{ price: teamMonthlyChf.id }] });
    const session = await bed.stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://localhost:3000/business/billing',
    });
    expect(session.object).toBe('billing_portal.session');
    const page = await fetch(session.url);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('visa •••• 4242 (expires 12/2034) <strong>(default)</strong>');
    expect(html).toContain('href="http://localhost:3000/business/billing"');
    expect(html).toMatch(/SIGNET-SANDBOX-\d{4}/);
    const invalid = await bed.stripe.billingPortal.sessions
      .create({ customer: customer.id, return_url: 'javascript:alert(1)' })
      .catch((e: unknown) => e);
    expect(invalid).toMatchObject({ statusCode: 400, param: 'return_url' });
  });
});
