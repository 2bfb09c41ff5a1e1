import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BillingInformation, PlanMigrationNotice, UpgradeResult } from '@signet/contracts/billing';
import { businesses } from '../../db/schema/businesses.ts';
import { databaseKinds, json } from '../../../test/helpers.ts';
import { useTestApp, type TestUser } from '../../../test/factories.ts';
import { addPaymentMethod, eventually, providerOf } from '../../../test/payments.ts';

// The free plan downgrade (PUT …/subscriptions/next_plan) against the embedded payments sandbox, and
// the legacy plan migration notice (GET …/plan_migration, POST …/acknowledge).

describe.each(databaseKinds)('free plan downgrade and plan migration on %s', (kind) => {
  const t = useTestApp(kind, { listen: true });
  const team = { plan: 'team', cycle: 'monthly', currency: 'CHF', seats: 2 };
  const info = async (admin: TestUser, businessId: string) =>
    json<BillingInformation>(await t.call('GET', `/v1/businesses/${businessId}/billing/information`, admin));

  it('schedules the free plan at period end, takes it back, and moves the business when the subscription ends', async () => {
    const { admin, member, business } = await t.team();
    const url = `/v2/businesses/${business.id}/subscriptions/next_plan`;
    // Spec §4: without a subscription there is no period to end.
    const early = await t.call('PUT', url, admin, { plan: 'free' });
    expect(json(early)).toMatchObject({ statusCode: 409, code: 'NO_SUBSCRIPTION' });
    await addPaymentMethod(t, admin, business.id, 'pm_card_visa');
    const upgraded = await t.call('PUT', `/v2/businesses/${business.id}/subscriptions/upgrade`, admin, team);
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    const subscriptionId = json<UpgradeResult>(upgraded).subscriptionId!;

    expect(json(await t.call('PUT', url, member, { plan: 'free' }))).toMatchObject({
      statusCode: 403,
      code: 'BUSINESS_ADMINS_ONLY',
    });
    const paid = await t.call('PUT', url, admin, { plan: 'pro' });
    expect(json(paid)).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', field: 'body.plan' });

    const scheduled = await t.call('PUT', url, admin, { plan: 'free' });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(json<BillingInformation>(scheduled).pricePlan).toMatchObject({
      name: 'team',
      nextName: 'free',
      next: { type: 'CANCELED' },
    });
    const provider = providerOf(t);
    expect((await provider.retrieveSubscription(subscriptionId)).cancel_at_period_end).toBe(true);

    // Reversible like a cancellation.
    const kept = await t.call('POST', `/v1/businesses/${business.id}/reactivate-subscription`, admin);
    expect(json<BillingInformation>(kept).pricePlan).toMatchObject({ nextName: null, next: null });
    expect((await provider.retrieveSubscription(subscriptionId)).cancel_at_period_end).toBe(false);
    // A plain cancellation afterwards does not move to the free plan.
    const cancelled = await t.call('POST', `/v1/businesses/${business.id}/cancel-subscription`, admin);
    expect(json<BillingInformation>(cancelled).pricePlan.nextName).toBeNull();

    // Scheduled again; the subscription ends at the provider and its event moves the business.
    expect((await t.call('PUT', url, admin, { plan: 'free' })).statusCode).toBe(200);
    await provider.stripe.subscriptions.cancel(subscriptionId);
    await eventually(
      'the business on the free plan',
      () => info(admin, business.id),
      (now) => now.pricePlan.name === 'free',
    );
    // Read again: the answer that saw the event land may have counted its seats just before it.
    const after = await info(admin, business.id);
    expect(after).toMatchObject({
      paymentMethod: null,
      billingStatus: 'free',
      paymentIssues: false,
      pricePlan: { nextName: null, next: null, current: { type: 'MONTHLY', endAt: null } },
      // The free plan's one seat (the admin and the member keep theirs; no one more is invited).
      seats: { used: 2, limit: 1, purchased: null },
    });
  });

  it('tells admins of a legacy plan once where it moves, never members', async () => {
    const { admin, member, business } = await t.team();
    const url = `/v2/businesses/${business.id}/plan_migration`;
    const noticeOf = async (who: TestUser) => json<PlanMigrationNotice>(await t.call('GET', url, who));
    // A business on a current plan has nothing to be told.
    expect(await noticeOf(admin)).toEqual({ notice: null });

    const db = t.database.db;
    await db.update(businesses).set({ pricePlanName: 'sme_v2' }).where(eq(businesses.id, business.id));
    expect(await noticeOf(admin)).toEqual({
      notice: { kind: 'fair_flat', from: 'sme_v2', to: 'team', effectiveAt: null, moved: false },
    });
    expect(json(await t.call('GET', url, member))).toMatchObject({
      statusCode: 403,
      code: 'BUSINESS_ADMINS_ONLY',
    });
    expect(json(await t.call('POST', `${url}/acknowledge`, member))).toMatchObject({ statusCode: 403 });
    // Still shown: a member's attempt acknowledged nothing.
    expect((await noticeOf(admin)).notice?.kind).toBe('fair_flat');

    const acknowledged = await t.call('POST', `${url}/acknowledge`, admin);
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    expect(await noticeOf(admin)).toEqual({ notice: null });
    expect((await t.call('POST', `${url}/acknowledge`, admin)).statusCode).toBe(200);

    // Before the 2023 pricing (no plan): the free migration.
    const other = await t.team();
    await db.update(businesses).set({ pricePlanName: null }).where(eq(businesses.id, other.business.id));
    expect(
      json<PlanMigrationNotice>(
        await t.call('GET', `/v2/businesses/${other.business.id}/plan_migration`, other.admin),
      ),
    ).toEqual({ notice: { kind: 'free', from: null, to: 'free_migrated', effectiveAt: null, moved: false } });
  });
});
