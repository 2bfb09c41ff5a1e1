import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { BillingInformation } from '@signet/contracts/billing';
import type { BusinessLifecycle } from '@signet/contracts/business-lifecycle';
import type { Business, UserBusiness } from '@signet/contracts/businesses';
import { databaseKinds, json } from '../../../test/helpers.ts';
import { useTestApp, type FactoryApp, type TestBusiness } from '../../../test/factories.ts';

// The payment provider's events (payments-events.service.ts) and the billing rules that run on time
// (billing-rules.service.ts), signed as Stripe signs them by the official SDK.

const secret = 'whsec_signet-tests-0123456789abcdef';
const day = 24 * 60 * 60 * 1000;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

let eventCount = 0;
function event(type: string, object: Record<string, unknown>, created: Date) {
  eventCount += 1;
  return { id: `evt_test_${eventCount}`, object: 'event', type, created: seconds(created), data: { object } };
}

/** A Stripe subscription of `business` as the SDK's API version has it (the period on its item). */
function subscription(business: { id: string }, fields: Record<string, unknown> = {}, period = new Date()) {
  return {
    id: `sub_${business.id.slice(0, 8)}`,
    object: 'subscription',
    customer: `cus_${business.id.slice(0, 8)}`,
    status: 'active',
    cancel_at_period_end: false,
    trial_start: null,
    trial_end: null,
    metadata: { signet_business_id: business.id },
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          price: { id: 'price_signet_team_yearly_chf' },
          quantity: 5,
          current_period_start: seconds(period),
          current_period_end: seconds(new Date(period.getTime() + 365 * day)),
        },
      ],
    },
    ...fields,
  };
}

function invoice(business: { id: string }) {
  return {
    id: `in_${eventCount}`,
    object: 'invoice',
    customer: `cus_${business.id.slice(0, 8)}`,
    parent: { subscription_details: { subscription: `sub_${business.id.slice(0, 8)}` } },
  };
}

async function deliver(t: FactoryApp, body: unknown, signWith = secret) {
  const payload = JSON.stringify(body);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: signWith });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/billing/stripe/events',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

describe.each(databaseKinds)('payments events and billing rules on %s', (kind) => {
  const t = useTestApp(kind, { env: { STRIPE_WEBHOOK_SECRET: secret, BILLING_GRACE_DAYS: '7' } });
  const information = async (business: TestBusiness) =>
    json<BillingInformation>(
      await t.call('GET', `/v1/businesses/${business.id}/billing/information`, business.admin),
    );
  const accepted = async (body: unknown) => {
    const response = await deliver(t, body);
    expect(response.statusCode, response.body).toBe(200);
    return json<{ outcome: string }>(response).outcome;
  };

  it('a subscription event makes the business a paying one on its plan, with its seats', async () => {
    const { admin, business } = await t.team();
    const owned = { ...business, admin };
    const start = new Date();
    expect(
      await accepted(event('customer.subscription.created', subscription(business, {}, start), start)),
    ).toBe('applied');
    const info = await information(owned);
    expect(info).toMatchObject({
      paymentMethod: 'STRIPE',
      billingStatus: 'active',
      provider: 'STRIPE',
      stripeSubscriptionStatus: 'active',
      paymentIssues: false,
      cycle: 'yearly',
      currency: 'CHF',
      trial: null,
      seats: { used: 2, limit: 5, purchased: 5 },
      pricePlan: {
        name: 'team',
        current: { type: 'YEARLY', startAt: new Date(seconds(start) * 1000).toISOString() },
        next: null,
        licenses: { idents: { eidas: { payForMembers: true, payForInvitations: false } } },
      },
    });
    expect(info.renewsAt).toBe(new Date((seconds(start) + 365 * 86400) * 1000).toISOString());
    // The business answer carries the same state (spec §3 billingStatus, pricePlan, billing).
    const view = json<Business>(await t.call('GET', `/v1/businesses/${business.id}`, admin));
    expect(view.billingStatus).toBe('active');
    expect(view.billing).toEqual({ paymentMethod: 'STRIPE', stripeSubscriptionStatus: 'active' });
    expect(view.pricePlan.name).toBe('team');
    // Seats come from the subscription now: the lifecycle and the invitations see five.
    const lifecycle = json<BusinessLifecycle>(
      await t.call('GET', `/v2/businesses/${business.id}/lifecycle`, admin),
    );
    expect(lifecycle.seats).toEqual({ used: 2, limit: 5 });
    const invited = await t.call('POST', `/v1/businesses/${business.id}/members`, admin, {
      users: ['a@example.ch', 'b@example.ch', 'c@example.ch', 'd@example.ch'].map((email) => ({ email })),
    });
    expect(json(invited)).toMatchObject({ code: 'SEATS_EXHAUSTED', details: { seatsLeft: 3 } });
  });

  it('refuses an event with a bad or missing signature, and changes nothing', async () => {
    const { admin, business } = await t.team();
    const body = event('customer.subscription.created', subscription(business), new Date());
    const forged = await deliver(t, body, 'whsec_someone-else-0123456789');
    expect(forged.statusCode).toBe(400);
    expect(json(forged)).toMatchObject({ code: 'PAYMENTS_EVENT_INVALID', field: 'stripe-signature' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/stripe/events',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(json(unsigned)).toMatchObject({ statusCode: 400, code: 'PAYMENTS_EVENT_INVALID' });
    // Signed bytes that were changed on the way: the signature covers the exact body.
    const payload = JSON.stringify(body);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/stripe/events',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: payload.replace('"active"', '"canceled"'),
    });
    expect(tampered.statusCode).toBe(400);
    expect((await information({ ...business, admin })).paymentMethod).toBe('TRIALING');
  });

  it('applies an event once: a replay answers 200 and changes nothing', async () => {
    const { admin, business } = await t.team();
    const owned = { ...business, admin };
    const now = new Date();
    const created = event('customer.subscription.created', subscription(business), now);
    expect(await accepted(created)).toBe('applied');
    const cancelled = event(
      'customer.subscription.deleted',
      subscription(business, { status: 'canceled', ended_at: seconds(now) + 60 }),
      new Date(now.getTime() + 60_000),
    );
    expect(await accepted(cancelled)).toBe('applied');
    expect((await information(owned)).paymentMethod).toBe('NEEDS_PAYMENT_METHOD');
    // Stripe retries an event it thinks failed: the first one again must not bring the plan back.
    expect(await accepted(created)).toBe('replayed');
    expect(await accepted(cancelled)).toBe('replayed');
    expect(await information(owned)).toMatchObject({
      paymentMethod: 'NEEDS_PAYMENT_METHOD',
      billingStatus: 'canceled',
      stripeSubscriptionStatus: 'canceled',
      pricePlan: { current: { type: 'CANCELED' } },
    });
  });

  it('does not apply an older subscription state over a newer one', async () => {
    const { admin, member, business } = await t.team();
    const owned = { ...business, admin };
    const now = new Date();
    const trialEnd = new Date(now.getTime() + 14 * day);
    const trialing = event(
      'customer.subscription.created',
      subscription(business, { status: 'trialing', trial_start: seconds(now), trial_end: seconds(trialEnd) }),
      now,
    );
    const active = event(
      'customer.subscription.updated',
      subscription(business, { cancel_at_period_end: true }, trialEnd),
      new Date(now.getTime() + 1000),
    );
    // Delivered the wrong way round: the active state arrives first, the trial after it.
    expect(await accepted(active)).toBe('applied');
    expect(await accepted(trialing)).toBe('stale');
    const info = await information(owned);
    expect(info).toMatchObject({
      paymentMethod: 'STRIPE',
      stripeSubscriptionStatus: 'active',
      pricePlan: { current: { type: 'YEARLY' }, next: { type: 'CANCELED' } },
    });
    // Cancelling at the period's end: the next base starts when the current one ends (spec §4).
    expect(info.pricePlan.next?.startAt).toBe(info.pricePlan.current.endAt);
    // Within one second, a state further along wins over one behind it.
    const sameSecond = new Date(now.getTime() + 5000);
    expect(
      await accepted(
        event('customer.subscription.updated', subscription(business, { status: 'past_due' }), sameSecond),
      ),
    ).toBe('applied');
    expect(
      await accepted(
        event('customer.subscription.updated', subscription(business, { status: 'active' }), sameSecond),
      ),
    ).toBe('stale');
    expect(await information(owned)).toMatchObject({
      stripeSubscriptionStatus: 'past_due',
      paymentIssues: true,
    });
    // What the members' gates read stays a paying business (payment issues are the admins' banner).
    expect(json<UserBusiness>(await t.call('GET', '/v2/businesses/user', member)).billing.paymentMethod).toBe(
      'STRIPE',
    );
  });

  it('a cancelled earlier subscription does not end the one that replaced it', async () => {
    const { admin, business } = await t.team();
    const owned = { ...business, admin };
    const now = new Date();
    const first = subscription(business);
    const second = subscription(business, { id: `${first.id}_2` });
    await accepted(event('customer.subscription.created', first, now));
    await accepted(
      event(
        'customer.subscription.deleted',
        { ...first, status: 'canceled' },
        new Date(now.getTime() + 1000),
      ),
    );
    expect(
      await accepted(event('customer.subscription.created', second, new Date(now.getTime() + 2000))),
    ).toBe('applied');
    // The first one's cancellation, delivered again later with a newer stamp (a retry of a resend).
    const late = { ...first, status: 'canceled' };
    expect(await accepted(event('customer.subscription.deleted', late, new Date(now.getTime() + 3000)))).toBe(
      'stale',
    );
    expect(await information(owned)).toMatchObject({
      paymentMethod: 'STRIPE',
      stripeSubscriptionStatus: 'active',
    });
  });

  it('ignores events about nothing Signet knows, and answers 200 so the provider stops sending them', async () => {
    const stranger = subscription({ id: '00000000-0000-4000-8000-000000000000' });
    expect(await accepted(event('customer.subscription.updated', stranger, new Date()))).toBe('ignored');
    expect(await accepted(event('charge.refunded', { id: 'ch_1' }, new Date()))).toBe('ignored');
  });

  it('a failed payment unpaid past the grace period locks the business; paying unlocks it', async () => {
    const { admin, member, business } = await t.team();
    const owned = { ...business, admin };
    const now = new Date();
    await accepted(event('customer.subscription.created', subscription(business), now));
    expect(
      await accepted(
        event(
          'invoice.payment_failed',
          { ...invoice(business), last_finalization_error: { code: 'card_declined' } },
          now,
        ),
      ),
    ).toBe('applied');
    expect(await information(owned)).toMatchObject({
      paymentMethod: 'STRIPE',
      billingStatus: 'past_due',
      errorCode: 'card_declined',
      paymentFailedAt: new Date(seconds(now) * 1000).toISOString(),
    });
    const sweep = async (at: Date) =>
      json<{ blocked: string[] }>(
        await t.call('POST', '/test/jobs/billing-rules', null, { asOf: at.toISOString() }),
      );
    // Within BILLING_GRACE_DAYS (7 here) nothing happens; after them, locked.
    expect((await sweep(new Date(now.getTime() + 6 * day))).blocked).not.toContain(business.id);
    expect((await sweep(new Date(now.getTime() + 8 * day))).blocked).toContain(business.id);
    expect(await information(owned)).toMatchObject({
      paymentMethod: 'BLOCKED',
      billingStatus: 'blocked',
      // Spec §4: no payment-issue banner while locked (the locked pages say it).
      paymentIssues: false,
    });
    expect(json<UserBusiness>(await t.call('GET', '/v2/businesses/user', member)).billing.paymentMethod).toBe(
      'BLOCKED',
    );
    // An older failure arriving late does not count against the payment.
    const paidAt = new Date(now.getTime() + 60_000);
    expect(await accepted(event('invoice.paid', invoice(business), paidAt))).toBe('applied');
    expect(
      await accepted(event('invoice.payment_failed', invoice(business), new Date(now.getTime() + 30_000))),
    ).toBe('stale');
    expect(await information(owned)).toMatchObject({
      paymentMethod: 'STRIPE',
      billingStatus: 'active',
      paymentFailedAt: null,
      errorCode: null,
    });
  });

  it('a trial without a payment method runs out into NEEDS_PAYMENT_METHOD; MANUAL businesses are never touched', async () => {
    const trial = await t.team();
    const manual = await t.team();
    const marked = await t.call('POST', `/test/businesses/${manual.business.id}/billing`, null, {
      paymentMethod: 'MANUAL',
    });
    expect(marked.statusCode).toBe(204);
    const info = await information({ ...trial.business, admin: trial.admin });
    expect(info.trial).not.toBeNull();
    const trialEnd = new Date(info.trial?.endAt ?? NaN);
    // A fortnight from the business's start.
    expect(trialEnd.getTime() - new Date(info.trial?.startAt ?? NaN).getTime()).toBe(14 * day);
    expect(info.pricePlan.current).toMatchObject({ type: 'TRIAL', endAt: trialEnd.toISOString() });

    const before = await t.call('POST', '/test/jobs/billing-rules', null, {
      asOf: new Date(trialEnd.getTime() - 1000).toISOString(),
    });
    expect(json<{ trialsEnded: string[] }>(before).trialsEnded).not.toContain(trial.business.id);
    const after = await t.call('POST', '/test/jobs/billing-rules', null, {
      asOf: new Date(trialEnd.getTime() + 1000).toISOString(),
    });
    const ended = json<{ trialsEnded: string[]; blocked: string[] }>(after);
    expect(ended.trialsEnded).toContain(trial.business.id);
    expect(ended.trialsEnded).not.toContain(manual.business.id);
    expect(ended.blocked).not.toContain(manual.business.id);
    // What the web's gates act on (spec §4): the admin is sent to the members page, a member sees the locked dialog.
    for (const who of [trial.admin, trial.member])
      expect(json<UserBusiness>(await t.call('GET', '/v2/businesses/user', who)).billing.paymentMethod).toBe(
        'NEEDS_PAYMENT_METHOD',
      );
    expect(await information({ ...trial.business, admin: trial.admin })).toMatchObject({
      billingStatus: 'canceled',
      trial: null,
      pricePlan: { current: { type: 'CANCELED', startAt: trialEnd.toISOString() } },
    });
    expect(
      json<UserBusiness>(await t.call('GET', '/v2/businesses/user', manual.admin)).billing.paymentMethod,
    ).toBe('MANUAL');
  });
});
