import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BillingInformation, PlanMigrationNotice } from '@signet/contracts/billing';
import { businesses } from '../../db/schema/businesses.ts';
import { databaseKinds, json } from '../../../test/helpers.ts';
import { useTestApp, type TestUser } from '../../../test/factories.ts';
import {
  addPaymentMethod,
  eventually,
  sandboxNow as sandboxClock,
  providerOf,
} from '../../../test/payments.ts';

// The billing job moves legacy plans (plan-moves.service.ts) against the embedded payments sandbox,
// driven by the sandbox's clock as the other billing rules are: not before the paid period ends,
// then the plan and the provider's price together, once; without a plan, to free_migrated at once.

const day = 24 * 60 * 60;

describe.each(databaseKinds)('legacy plan moves on %s', (kind) => {
  const t = useTestApp(kind, { listen: true });

  const info = async (admin: TestUser, businessId: string) =>
    json<BillingInformation>(await t.call('GET', `/v1/businesses/${businessId}/billing/information`, admin));
  const noticeOf = async (admin: TestUser, businessId: string) =>
    json<PlanMigrationNotice>(await t.call('GET', `/v2/businesses/${businessId}/plan_migration`, admin))
      .notice;
  const setPlan = (businessId: string, pricePlanName: string | null) =>
    t.database.db.update(businesses).set({ pricePlanName }).where(eq(businesses.id, businessId));

  const sandboxNow = (seconds?: number) => sandboxClock(t, seconds);
  /** The hourly billing job's sweep, as of the sandbox clock; answers the businesses it moved. */
  const sweep = async () => {
    const asOf = new Date((await sandboxNow()) * 1000).toISOString();
    const answer = await t.call('POST', '/test/jobs/billing-rules', null, { asOf });
    expect(answer.statusCode, answer.body).toBe(200);
    return { asOf, ...json<{ plansMoved: string[]; planMovesFailed: string[] }>(answer) };
  };

  it('moves a business without a plan to free_migrated at once, with the free plan’s limits', async () => {
    const { admin, business } = await t.team();
    await setPlan(business.id, null);
    expect(await noticeOf(admin, business.id)).toEqual({
      kind: 'free',
      from: null,
      to: 'free_migrated',
      effectiveAt: null,
      moved: false,
    });

    const swept = await sweep();
    expect(swept.plansMoved).toContain(business.id);
    expect(await info(admin, business.id)).toMatchObject({
      paymentMethod: null,
      billingStatus: 'free',
      paymentIssues: false,
      trial: null,
      pricePlan: { name: 'free_migrated', current: { type: 'MONTHLY', endAt: null } },
      // The free plan's one seat (the admin and the member keep theirs).
      seats: { used: 2, limit: 1, purchased: null },
    });
    expect(await noticeOf(admin, business.id)).toEqual({
      kind: 'free',
      from: null,
      to: 'free_migrated',
      effectiveAt: swept.asOf,
      moved: true,
    });
    expect((await sweep()).plansMoved).not.toContain(business.id);
  });

  it('moves a legacy plan when its paid period ends: the plan and the provider’s price, once', async () => {
    const { admin, business } = await t.team();
    const provider = providerOf(t);
    await addPaymentMethod(t, admin, business.id, 'pm_card_visa');
    const customer = (await provider.stripe.customers.list({ limit: 100 })).data.find(
      (c) => c.metadata.signet_business_id === business.id,
    );
    expect(customer).toBeDefined();
    // A subscription to a legacy price (not in Signet's catalogue), as pre-2024 businesses have.
    const product = await provider.stripe.products.create({ name: 'Signet Enterprise (2022)' });
    const legacyPrice = await provider.stripe.prices.create({
      product: product.id,
      currency: 'chf',
      unit_amount: 9900,
      recurring: { interval: 'month' },
    });
    const subscription = await provider.stripe.subscriptions.create({
      customer: customer!.id,
      items: [{ price: legacyPrice.id, quantity: 3 }],
      metadata: { signet_business_id: business.id },
    });
    await eventually(
      'the legacy subscription applied',
      () => info(admin, business.id),
      (now) => now.stripeSubscriptionStatus === 'active',
    );
    await setPlan(business.id, 'ent_v2');
    const periodEnd = (await info(admin, business.id)).renewsAt!;
    expect(Date.parse(periodEnd)).toBeGreaterThan((await sandboxNow()) * 1000);
    expect(await noticeOf(admin, business.id)).toEqual({
      kind: 'fair_flat',
      from: 'ent_v2',
      to: 'scale',
      effectiveAt: periodEnd,
      moved: false,
    });

    // The period runs: nothing moves.
    expect((await sweep()).plansMoved).not.toContain(business.id);
    expect((await info(admin, business.id)).pricePlan.name).toBe('ent_v2');
    const before = await provider.retrieveSubscription(subscription.id);
    expect(before.items.data[0]?.price.id).toBe(legacyPrice.id);

    // Past the period's end (the sandbox renews it meanwhile): the move is due.
    await sandboxNow(Math.ceil(Date.parse(periodEnd) / 1000 - (await sandboxNow())) + day);
    const swept = await sweep();
    expect(swept).toMatchObject({ planMovesFailed: [] });
    expect(swept.plansMoved).toContain(business.id);
    const moved = await provider.retrieveSubscription(subscription.id);
    expect(moved.items.data[0]).toMatchObject({
      quantity: 3,
      price: { lookup_key: 'price_signet_scale_monthly_chf', unit_amount: 7900 },
    });
    expect(await info(admin, business.id)).toMatchObject({
      paymentMethod: 'STRIPE',
      stripeSubscriptionStatus: 'active',
      pricePlan: {
        name: 'scale',
        licenses: { idents: { eidas: { payForMembers: true, payForInvitations: true } } },
      },
    });
    expect(await noticeOf(admin, business.id)).toEqual({
      kind: 'fair_flat',
      from: 'ent_v2',
      to: 'scale',
      effectiveAt: swept.asOf,
      moved: true,
    });

    // Again: nothing changes, here or at the provider.
    expect((await sweep()).plansMoved).not.toContain(business.id);
    const again = await provider.retrieveSubscription(subscription.id);
    expect([again.items.data[0]?.price.id, again.items.data[0]?.quantity]).toEqual([
      moved.items.data[0]?.price.id,
      3,
    ]);
    expect((await info(admin, business.id)).pricePlan.name).toBe('scale');

    const url = `/v2/businesses/${business.id}/plan_migration/acknowledge`;
    expect((await t.call('POST', url, admin)).statusCode).toBe(200);
    expect(await noticeOf(admin, business.id)).toBeNull();
  });
});
