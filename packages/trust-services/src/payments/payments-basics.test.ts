import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { stripeFor, usePaymentsSandbox } from '../test-support/payments-sandbox.js';

const bed = usePaymentsSandbox('basics');

/** The error an SDK call fails with (the test fails if it does not). */
async function failure(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

describe('the payments sandbox through the official stripe SDK', () => {
  it('answers only the secret key: 401 otherwise, in Stripe error shape', async () => {
    const error = await failure(stripeFor(bed.sandbox, 'sk_test_wrong_key_0000000000000').customers.list());
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error.statusCode).toBe(401);
    expect(error.message).toMatch(/^Invalid API Key provided: sk_test_\**0000$/);
    const raw = await fetch(`${bed.sandbox.url}/v1/customers`);
    expect(raw.status).toBe(401);
    expect(((await raw.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
  });

  it('keeps customers, with nested form keys, updates and expanded default payment methods', async () => {
    const customer = await bed.stripe.customers.create({
      email: 'erika@example.ch',
      name: 'Erika Muster',
      metadata: { businessId: 'b-1', plan: 'team' },
    });
    expect(customer).toMatchObject({
      object: 'customer',
      email: 'erika@example.ch',
      metadata: { businessId: 'b-1', plan: 'team' },
    });
    const method = await bed.stripe.paymentMethods.create({
      type: 'card',
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
    });
    await bed.stripe.paymentMethods.attach(method.id, { customer: customer.id });
    const updated = await bed.stripe.customers.update(customer.id, {
      metadata: { plan: '' },
      invoice_settings: { default_payment_method: method.id },
    });
    expect(updated.metadata).toEqual({ businessId: 'b-1' });
    const expanded = await bed.stripe.customers.retrieve(customer.id, {
      expand: ['invoice_settings.default_payment_method'],
    });
    const card = (expanded as Stripe.Customer).invoice_settings
      .default_payment_method as Stripe.PaymentMethod;
    expect(card.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 });
    expect(JSON.stringify(card)).not.toContain('4242424242424242');
    const bad = await failure(bed.stripe.customers.retrieve(customer.id, { expand: ['email'] }));
    expect(bad.param).toBe('expand');
  });

  it('pages lists newest first with limit, starting_after, ending_before and has_more', async () => {
    const created: string[] = [];
    for (let index = 0; index < 5; index += 1)
      created.push((await bed.stripe.products.create({ name: `Plan ${index}` })).id);
    const newest = created.reverse();
    const first = await bed.stripe.products.list({ limit: 2 });
    expect(first.data.map((p) => p.id)).toEqual(newest.slice(0, 2));
    expect(first.has_more).toBe(true);
    const second = await bed.stripe.products.list({ limit: 2, starting_after: first.data[1]!.id });
    expect(second.data.map((p) => p.id)).toEqual(newest.slice(2, 4));
    const back = await bed.stripe.products.list({ limit: 2, ending_before: second.data[0]!.id });
    expect(back.data.map((p) => p.id)).toEqual(newest.slice(0, 2));
    const all: string[] = [];
    for await (const product of bed.stripe.products.list({ limit: 2 })) all.push(product.id);
    expect(all.slice(0, 5)).toEqual(newest);
    const outOfRange = await failure(bed.stripe.products.list({ limit: 101 }));
    expect(outOfRange.param).toBe('limit');
  });

  it('answers unknown objects, unknown and missing parameters with the right error and status', async () => {
    const missing = await failure(bed.stripe.customers.retrieve('cus_doesnotexist'));
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id' });
    const unknown = await failure(
      bed.stripe.customers.create({ emial: 'x@example.ch' } as Stripe.CustomerCreateParams),
    );
    expect(unknown).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'emial' });
    const noProduct = await failure(
      bed.stripe.prices.create({ currency: 'chf', unit_amount: 100 } as Stripe.PriceCreateParams),
    );
    expect(noProduct).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'product' });
  });

  it('replays an idempotent request and refuses its key with other parameters', async () => {
    const options = { idempotencyKey: 'upgrade-b-1-attempt-1' };
    const first = await bed.stripe.customers.create({ email: 'one@example.ch' }, options);
    const again = await bed.stripe.customers.create({ email: 'one@example.ch' }, options);
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    const other = await failure(bed.stripe.customers.create({ email: 'two@example.ch' }, options));
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(other.statusCode).toBe(400);
    const byEmail = await bed.stripe.customers.list({ email: 'one@example.ch' });
    expect(byEmail.data).toHaveLength(1);
    // Two clicks at once: one customer, the second call answered with the first's result.
    const twice = await Promise.all(
      [1, 2].map(() =>
        bed.stripe.customers.create({ email: 'twice@example.ch' }, { idempotencyKey: 'click-twice' }),
      ),
    );
    expect(twice[0]!.id).toBe(twice[1]!.id);
    expect((await bed.stripe.customers.list({ email: 'twice@example.ch' })).data).toHaveLength(1);
  });

  it('checks cards and IBANs: declines, bad numbers, expired cards, SEPA needs name and e-mail', async () => {
    const customer = await bed.stripe.customers.create({ email: 'cards@example.ch' });
    const declining = await bed.stripe.paymentMethods.create({
      type: 'card',
      card: { number: '4000000000000002', exp_month: 1, exp_year: 2035 },
    });
    const declined = await failure(bed.stripe.paymentMethods.attach(declining.id, { customer: customer.id }));
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
    const wrongNumber = await failure(
      bed.stripe.paymentMethods.create({
        type: 'card',
        card: { number: '4242424242424241', exp_month: 1, exp_year: 2035 },
      }),
    );
    expect(wrongNumber).toMatchObject({ statusCode: 402, code: 'incorrect_number', param: 'number' });
    const expired = await failure(
      bed.stripe.paymentMethods.create({
        type: 'card',
        card: { number: '4242424242424242', exp_month: 1, exp_year: 2020 },
      }),
    );
    expect(expired).toMatchObject({ code: 'expired_card' });
    const noName = await failure(
      bed.stripe.paymentMethods.create({
        type: 'sepa_debit',
        sepa_debit: { iban: 'DE89370400440532013000' },
      }),
    );
    expect(noName).toMatchObject({ code: 'parameter_missing', param: 'billing_details[name]' });
    const badIban = await failure(
      bed.stripe.paymentMethods.create({
        type: 'sepa_debit',
        sepa_debit: { iban: 'DE89370400440532013001' },
        billing_details: { name: 'E M', email: 'e@example.ch' },
      }),
    );
    expect(badIban).toMatchObject({ statusCode: 400, param: 'sepa_debit[iban]' });
    const sepa = await bed.stripe.paymentMethods.create({
      type: 'sepa_debit',
      sepa_debit: { iban: 'DE89 3704 0044 0532 0130 00' },
      billing_details: { name: 'Erika Muster', email: 'cards@example.ch' },
    });
    expect(sepa.sepa_debit).toMatchObject({ country: 'DE', last4: '3000', bank_code: '37040' });
    await bed.stripe.paymentMethods.attach(sepa.id, { customer: customer.id });
    // Stripe's test tokens make a fresh card wherever a payment method is taken.
    const card = await bed.stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    expect(card).toMatchObject({
      id: expect.stringMatching(/^pm_/),
      customer: customer.id,
      card: { last4: '4242' },
    });
    const listed = await bed.stripe.customers.listPaymentMethods(customer.id, { type: 'sepa_debit' });
    expect(listed.data.map((m) => m.id)).toEqual([sepa.id]);
    const detached = await bed.stripe.paymentMethods.detach(sepa.id);
    expect(detached.customer).toBeNull();
    expect((await bed.stripe.paymentMethods.list({ customer: customer.id })).data.map((m) => m.id)).toEqual([
      card.id,
    ]);
  });
});
