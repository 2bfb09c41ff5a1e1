import { describe, expect, it } from 'vitest';
import type { BillingInformation, Invoices, PricePreview, UpgradeResult } from '@signet/contracts/billing';
import { PaymentsAdapter, paymentsSettings } from '../../adapters/payments.ts';
import { databaseKinds, json } from '../../../test/helpers.ts';
import { addPaymentMethod as addMethod } from '../../../test/billing.ts';
import { useTestApp, type TestUser } from '../../../test/factories.ts';

// Upgrading a business to a plan (subscriptions.service.ts) against the embedded payments sandbox
// over real HTTP: the subscription is made by the provider, the state arrives by its webhook.

describe.each(databaseKinds)('upgrading a business on %s', (kind) => {
  const t = useTestApp(kind, { listen: true });
  const provider = () => new PaymentsAdapter(paymentsSettings(t.config));
  const team = { plan: 'team', cycle: 'monthly', currency: 'CHF', seats: 2 };

  const addPaymentMethod = (admin: TestUser, businessId: string, method: string) =>
    addMethod(t, admin, businessId, method);

  const info = async (admin: TestUser, businessId: string) =>
    json<BillingInformation>(await t.call('GET', `/v1/businesses/${businessId}/billing/information`, admin));

  it('previews, then subscribes with a card: the business is active once the webhook arrives', async () => {
    const { admin, member, business } = await t.team();
    await addPaymentMethod(admin, business.id, 'pm_card_visa');
    const base = `/v2/businesses/${business.id}/subscriptions/upgrade`;
    const preview = await t.call('POST', `${base}/preview`, admin, team);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(json<PricePreview>(preview)).toMatchObject({
      currency: 'CHF',
      subtotal: 5800,
      discount: 0,
      total: 5800,
      amountDue: 5800,
      proration: 0,
    });
    // A preview changes nothing.
    expect((await info(admin, business.id)).paymentMethod).toBe('TRIALING');

    const answer = await t.call('PUT', base, admin, team);
    expect(answer.statusCode, answer.body).toBe(200);
    const result = json<UpgradeResult>(answer);
    expect(result).toMatchObject({ status: 'active', nextActionUrl: null });
    expect(result.subscriptionId).toMatch(/^sub_/);
    expect(result.billing).toMatchObject({
      paymentMethod: 'STRIPE',
      provider: 'STRIPE',
      stripeSubscriptionStatus: 'active',
      pricePlan: { name: 'team' },
      cycle: 'monthly',
      currency: 'CHF',
      trial: null,
      seats: { purchased: 2 },
    });
    const atProvider = await provider().retrieveSubscription(result.subscriptionId!);
    expect(atProvider.metadata).toEqual({ signet_business_id: business.id });
    expect(atProvider.items.data[0]).toMatchObject({
      quantity: 2,
      price: { lookup_key: 'price_signet_team_monthly_chf' },
    });
    // Spec §2: members do not choose the plan.
    const refused = await t.call('PUT', base, member, team);
    expect(json(refused)).toMatchObject({ statusCode: 403, code: 'BUSINESS_ADMINS_ONLY' });
  });

  it('makes one subscription of two clicks at once', async () => {
    const { admin, business } = await t.team();
    await addPaymentMethod(admin, business.id, 'pm_card_visa');
    const base = `/v2/businesses/${business.id}/subscriptions/upgrade`;
    const choice = { ...team, cycle: 'yearly', seats: 3 };
    const [one, two] = await Promise.all([
      t.call('PUT', base, admin, choice),
      t.call('PUT', base, admin, choice),
    ]);
    expect([one.statusCode, two.statusCode], `${one.body} ${two.body}`).toEqual([200, 200]);
    expect(json<UpgradeResult>(one).subscriptionId).toBe(json<UpgradeResult>(two).subscriptionId);
    const customer = (await provider().retrieveSubscription(json<UpgradeResult>(one).subscriptionId!))
      .customer;
    const all = await provider().stripe.subscriptions.list({ customer: customer as string, status: 'all' });
    expect(all.data).toHaveLength(1);
  });

  it('refuses a declined charge with its reason and changes nothing', async () => {
    const { admin, business } = await t.team();
    // Sets up fine, every charge fails.
    await addPaymentMethod(admin, business.id, 'pm_card_chargeCustomerFail');
    const answer = await t.call('PUT', `/v2/businesses/${business.id}/subscriptions/upgrade`, admin, team);
    expect(json(answer)).toMatchObject({
      statusCode: 402,
      code: 'PAYMENT_DECLINED',
      details: { declineCode: 'generic_decline' },
    });
    expect(await info(admin, business.id)).toMatchObject({
      paymentMethod: 'TRIALING',
      stripeSubscriptionStatus: null,
      seats: { purchased: null },
    });
  });

  it('answers the 3-D Secure page of a card still waiting for it, and subscribes nothing', async () => {
    const { admin, business } = await t.team();
    const intent = await addPaymentMethod(admin, business.id, 'pm_card_authenticationRequired');
    expect(intent.status).toBe('requires_action');
    const answer = await t.call('PUT', `/v2/businesses/${business.id}/subscriptions/upgrade`, admin, {
      ...team,
      setupIntentId: intent.id,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const result = json<UpgradeResult>(answer);
    expect(result).toMatchObject({ status: 'requires_action', subscriptionId: null });
    expect(result.nextActionUrl).toBe(intent.nextActionUrl);
    expect(result.nextActionUrl).toMatch(/\/sandbox\/payments\//);
    expect(result.billing.stripeSubscriptionStatus).toBeNull();
  });

  it('refuses fewer seats than members and pending invitations, and an unknown promo code, naming the field', async () => {
    const { admin, business } = await t.team();
    const base = `/v2/businesses/${business.id}/subscriptions/upgrade`;
    const few = await t.call('POST', `${base}/preview`, admin, { ...team, seats: 1 });
    expect(json(few)).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', field: 'seats' });
    const promo = await t.call('PUT', base, admin, { ...team, promoCode: 'NOSUCHCODE' });
    expect(json(promo)).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', field: 'promoCode' });
    const plan = await t.call('PUT', base, admin, { ...team, plan: 'enterprise' });
    expect(json(plan)).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', field: 'body.plan' });
  });

  it('changes seats after a prorated preview, cancels at period end and reactivates, lists the invoices with their PDFs, and opens the portal', async () => {
    const { admin, business } = await t.team();
    const seatsUrl = `/v2/businesses/${business.id}/subscriptions/seats`;
    // Without a subscription there are no seats to change.
    const early = await t.call('POST', `${seatsUrl}/preview`, admin, { seats: 3 });
    expect(json(early)).toMatchObject({ statusCode: 409, code: 'NO_SUBSCRIPTION' });
    await addPaymentMethod(admin, business.id, 'pm_card_visa');
    const upgraded = await t.call('PUT', `/v2/businesses/${business.id}/subscriptions/upgrade`, admin, team);
    expect(upgraded.statusCode, upgraded.body).toBe(200);

    const preview = json<PricePreview>(await t.call('POST', `${seatsUrl}/preview`, admin, { seats: 4 }));
    // Two more seats for (almost) the whole month, prorated; then four seats at the renewal.
    expect(preview.proration).toBeGreaterThan(0);
    expect(preview.proration).toBeLessThanOrEqual(2 * 2900);
    expect(preview.amountDue).toBe(preview.proration + 4 * 2900);
    expect(preview.lines.filter((line) => line.proration)).toHaveLength(2);
    expect((await info(admin, business.id)).seats.purchased).toBe(2);
    const few = await t.call('PUT', seatsUrl, admin, { seats: 1 });
    expect(json(few)).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', field: 'seats' });
    const more = await t.call('PUT', seatsUrl, admin, { seats: 4 });
    expect(more.statusCode, more.body).toBe(200);
    const result = json<UpgradeResult>(more);
    expect(result.billing.seats.purchased).toBe(4);
    expect((await provider().retrieveSubscription(result.subscriptionId!)).items.data[0]?.quantity).toBe(4);

    const cancelled = await t.call('POST', `/v1/businesses/${business.id}/cancel-subscription`, admin);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(json<BillingInformation>(cancelled).pricePlan.next?.type).toBe('CANCELED');
    const kept = await t.call('POST', `/v1/businesses/${business.id}/reactivate-subscription`, admin);
    expect(json<BillingInformation>(kept).pricePlan.next).toBeNull();
    expect((await provider().retrieveSubscription(result.subscriptionId!)).cancel_at_period_end).toBe(false);

    // The first invoice (the upgrade's) and its PDF, as the provider serves it.
    const invoices = json<Invoices>(
      await t.call('GET', `/v1/businesses/${business.id}/billing/invoices`, admin),
    );
    const first = invoices.invoices.at(-1);
    expect(first).toMatchObject({ status: 'paid', currency: 'CHF', total: 5800, amountPaid: 5800 });
    const pdf = await fetch(first!.pdfUrl!);
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const portal = `/v2/businesses/${business.id}/stripe/cpsession?redirectUrl=`;
    const back = encodeURIComponent(`${t.config.publicUrl}/business/billing`);
    const session = await t.call('GET', `${portal}${back}`, admin);
    expect(session.statusCode, session.body).toBe(200);
    expect(json<{ url: string }>(session).url).toMatch(/\/sandbox\/payments\//);
    const away = await t.call('GET', `${portal}${encodeURIComponent('https://evil.example/x')}`, admin);
    expect(json(away)).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', field: 'redirectUrl' });
  });
});
