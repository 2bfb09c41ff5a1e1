import { describe, expect, it } from 'vitest';
import type {
  BillingInformation,
  DirectUpgradeResult,
  PricePreview,
  PromoValidation,
  SetupIntent,
  SetupIntentResult,
} from '@signet/contracts/billing';
import type { UserBusiness } from '@signet/contracts/businesses';
import { PaymentsAdapter, paymentsSettings } from '../../adapters/payments.ts';
import { databaseKinds, json } from '../../../test/helpers.ts';
import { useTestApp, type TestUser } from '../../../test/factories.ts';

// An individual becomes a paying business in one flow (direct-upgrade.service.ts), and promo codes
// (promo-codes.service.ts), against the embedded payments sandbox over real HTTP.

describe.each(databaseKinds)('the direct upgrade on %s', (kind) => {
  const t = useTestApp(kind, { listen: true });
  const provider = () => new PaymentsAdapter(paymentsSettings(t.config));
  const team = { plan: 'team', cycle: 'monthly', currency: 'CHF', seats: 2 };
  const base = '/v2/businesses/direct_upgrade';

  /** The individual sets up a payment method as the browser does (test token `method`). */
  async function setUp(person: TestUser, method: string): Promise<SetupIntent> {
    const answer = await t.call('POST', `${base}/stripe_setup_intent`, person, { country: 'ch' });
    expect(answer.statusCode, answer.body).toBe(200);
    const intent = json<SetupIntentResult>(answer).setupIntent;
    expect(intent.clientSecret).toMatch(/^seti_/);
    expect(intent.publishableKey).toMatch(/^pk_test_/);
    const confirmed = await provider()
      .confirmSetupIntent(intent.id, { payment_method: method, return_url: `${t.config.publicUrl}/upgrade` })
      .catch((error: { type?: string }) => error);
    return { ...intent, status: 'status' in confirmed ? String(confirmed.status) : 'declined' };
  }

  const confirm = (person: TestUser, intent: { id: string }, extra: Record<string, unknown> = {}) =>
    t.call('POST', `${base}/confirm`, person, {
      ...team,
      setupIntentId: intent.id,
      businessName: 'Muster Treuhand AG',
      gtc: true,
      ...extra,
    });

  const businessOf = (person: TestUser) => t.call('GET', '/v2/businesses/user', person);

  async function promotion(code: string, options: { expiresAt?: number; couponId?: string } = {}) {
    const payments = provider();
    const coupon = await payments.stripe.coupons.create({
      percent_off: 25,
      duration: 'repeating',
      duration_in_months: 3,
      ...(options.couponId ? { id: options.couponId } : {}),
    });
    return payments.stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code,
      ...(options.expiresAt ? { expires_at: options.expiresAt } : {}),
    });
  }

  it('previews, then makes the individual the admin of a new business on the plan, paid by card', async () => {
    const person = await t.user();
    const preview = await t.call('POST', `${base}/preview`, person, team);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(json<PricePreview>(preview)).toMatchObject({
      currency: 'CHF',
      subtotal: 5800,
      discount: 0,
      tax: 0,
      total: 5800,
    });
    const intent = await setUp(person, 'pm_card_visa');
    expect(intent.status).toBe('succeeded');
    const answer = await confirm(person, intent);
    expect(answer.statusCode, answer.body).toBe(200);
    const result = json<DirectUpgradeResult>(answer);
    expect(result).toMatchObject({ status: 'active' });
    expect(result.billing).toMatchObject({
      paymentMethod: 'STRIPE',
      stripeSubscriptionStatus: 'active',
      pricePlan: { name: 'team' },
      seats: { purchased: 2, used: 1 },
    });
    expect(json<UserBusiness>(await businessOf(person))).toMatchObject({
      id: result.businessId,
      name: 'Muster Treuhand AG',
      role: 'admin',
    });
    const subscription = await provider().retrieveSubscription(result.subscriptionId!);
    expect(subscription.metadata).toEqual({ signet_business_id: result.businessId });
    const { methods, defaultId } = await provider().listPaymentMethods(subscription.customer as string);
    expect(methods).toHaveLength(1);
    expect(defaultId).toBe(methods[0]!.id);
    const customer = await provider().stripe.customers.retrieve(subscription.customer as string);
    expect(!customer.deleted && customer.address?.country).toBe('CH');
    // Once in a business, a person upgrades the business instead.
    const again = await t.call('POST', `${base}/stripe_setup_intent`, person, { country: 'CH' });
    expect(json(again)).toMatchObject({ statusCode: 409, code: 'ALREADY_IN_BUSINESS' });
  });

  it('takes a SEPA debit as the new business’s default payment method', async () => {
    const person = await t.user();
    const answer = await t.call('POST', `${base}/stripe_setup_intent`, person, {
      country: 'DE',
      paymentMethodTypes: ['sepa_debit'],
    });
    const intent = json<SetupIntentResult>(answer).setupIntent;
    expect(intent.paymentMethodTypes).toEqual(['sepa_debit']);
    const method = await provider().stripe.paymentMethods.create({
      type: 'sepa_debit',
      sepa_debit: { iban: 'DE89370400440532013000' },
      billing_details: { name: 'Sepa Person', email: person.email },
    });
    await provider().confirmSetupIntent(intent.id, {
      payment_method: method.id,
      mandate_data: {
        customer_acceptance: { type: 'online', online: { ip_address: '127.0.0.1', user_agent: 'vitest' } },
      },
    });
    const result = json<DirectUpgradeResult>(await confirm(person, intent, { currency: 'EUR' }));
    expect(result.billing).toMatchObject({ paymentMethod: 'STRIPE', currency: 'EUR' });
    const methods = await t.call('GET', `/v1/businesses/${result.businessId}/billing/payment`, person);
    expect(json(methods)).toMatchObject({
      cards: [],
      sepaDebits: [{ country: 'DE', last4: '3000', defaultPaymentMethod: true }],
    });
  });

  it('makes one business and one subscription of two confirms at once', async () => {
    const person = await t.user();
    const intent = await setUp(person, 'pm_card_visa');
    const [one, two] = await Promise.all([confirm(person, intent), confirm(person, intent)]);
    expect([one.statusCode, two.statusCode], `${one.body} ${two.body}`).toEqual([200, 200]);
    const [first, second] = [json<DirectUpgradeResult>(one), json<DirectUpgradeResult>(two)];
    expect(second.businessId).toBe(first.businessId);
    expect(second.subscriptionId).toBe(first.subscriptionId);
    const customer = (await provider().retrieveSubscription(first.subscriptionId!)).customer as string;
    const all = await provider().stripe.subscriptions.list({ customer, status: 'all' });
    expect(all.data).toHaveLength(1);
    // A third, later click answers the same.
    expect(json<DirectUpgradeResult>(await confirm(person, intent)).subscriptionId).toBe(
      first.subscriptionId,
    );
  });

  it('creates nothing for a declined card, a refused charge or someone else’s setup intent', async () => {
    const person = await t.user();
    const declined = await setUp(person, 'pm_card_chargeDeclined');
    expect(declined.status).toBe('declined');
    const notSetUp = await confirm(person, declined);
    expect(json(notSetUp)).toMatchObject({ statusCode: 400, field: 'setupIntentId' });

    const failing = await setUp(person, 'pm_card_chargeCustomerFail');
    const refused = await confirm(person, failing);
    expect(json(refused)).toMatchObject({ statusCode: 402, code: 'PAYMENT_DECLINED' });
    expect((await businessOf(person)).statusCode).toBe(404);

    const other = await t.user();
    const theirs = await setUp(other, 'pm_card_visa');
    expect(json(await confirm(person, theirs))).toMatchObject({ statusCode: 404, field: 'setupIntentId' });
    expect((await businessOf(person)).statusCode).toBe(404);
  });

  it('waits for a card that needs authentication: abandoned, nothing; completed on the sandbox page, the business', async () => {
    const person = await t.user();
    const intent = await setUp(person, 'pm_card_authenticationRequired');
    expect(intent.status).toBe('requires_action');
    const early = await confirm(person, intent);
    expect(json(early)).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', field: 'setupIntentId' });
    expect((await businessOf(person)).statusCode).toBe(404);

    const waiting = await provider().retrieveSetupIntent(intent.id);
    const page = waiting.next_action?.redirect_to_url?.url;
    expect(page).toMatch(/\/sandbox\/payments\/pages\/authenticate\//);
    const done = await fetch(page!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=complete',
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toContain('redirect_status=succeeded');
    const answer = await confirm(person, intent);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(json<DirectUpgradeResult>(answer).billing.paymentMethod).toBe('STRIPE');
  });

  it('validates promo codes, applies them to the preview and records the discount on the business', async () => {
    const person = await t.user();
    await promotion('WELCOME25', { couponId: 'smg_welcome' });
    const yesterday = Math.floor(Date.now() / 1000) - 86_400;
    await promotion('OLDCODE', { expiresAt: yesterday });

    const valid = await t.call('POST', `${base}/validate_promo`, person, { promoCode: 'welcome25' });
    expect(valid.statusCode, valid.body).toBe(200);
    expect(json<PromoValidation>(valid)).toMatchObject({
      promoCode: 'WELCOME25',
      type: 'smg_welcome',
      special: true,
      percentOff: 25,
      duration: 'repeating',
      durationInMonths: 3,
    });
    const expired = await t.call('POST', `${base}/validate_promo`, person, { promoCode: 'OLDCODE' });
    expect(json(expired)).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', field: 'promoCode' });
    expect(json<{ message: string }>(expired).message).toMatch(/expired/);
    const unknown = await t.call('POST', `${base}/preview`, person, { ...team, promoCode: 'NOSUCH' });
    expect(json(unknown)).toMatchObject({ statusCode: 400, field: 'promoCode' });
    const bad = await t.call('POST', `${base}/validate_promo`, person, { promoCode: 'a b' });
    expect(json(bad)).toMatchObject({ statusCode: 400, field: 'body.promoCode' });

    const preview = json<PricePreview>(
      await t.call('POST', `${base}/preview`, person, { ...team, promoCode: 'WELCOME25' }),
    );
    expect(preview).toMatchObject({ subtotal: 5800, discount: 1450, total: 4350 });

    const intent = await setUp(person, 'pm_card_visa');
    const result = json<DirectUpgradeResult>(await confirm(person, intent, { promoCode: 'WELCOME25' }));
    expect(result.billing.pricePlan.discounts).toEqual([
      { promoCode: 'WELCOME25', type: 'smg_welcome', status: 'ACTIVE', expiresAt: expect.any(String) },
    ]);
    // The admin's own call, for a business that exists.
    const admin = `/v2/businesses/${result.businessId}/coupons/validate_promo`;
    const checked = await t.call('POST', admin, person, { promoCode: 'OLDCODE', currency: 'CHF' });
    expect(json(checked)).toMatchObject({ statusCode: 400, field: 'promoCode' });
    const info = json<BillingInformation>(
      await t.call('GET', `/v1/businesses/${result.businessId}/billing/information`, person),
    );
    expect(info.pricePlan.discounts[0]?.status).toBe('ACTIVE');
  });
});
