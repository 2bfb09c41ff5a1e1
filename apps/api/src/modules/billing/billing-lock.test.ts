import { describe, expect, it } from 'vitest';
import type { BillingInformation, UpgradeResult } from '@signet/contracts/billing';
import type { UserBusiness } from '@signet/contracts/businesses';
import { databaseKinds, json } from '../../../test/helpers.ts';
import { useTestApp, type TestUser } from '../../../test/factories.ts';
import { addPaymentMethod, eventually, sandboxNow as sandboxClock } from '../../../test/payments.ts';

// The billing rules of spec §4 driven by the payments sandbox's clock (billing-rules.service.ts with
// the provider's own events): a trial runs out, a failed payment left unpaid past BILLING_GRACE_DAYS
// locks the business, MANUAL businesses are exempt, and paying clears both.

const day = 24 * 60 * 60;
const graceDays = 7;

describe.each(databaseKinds)('trial expiry and the payment lock on %s', (kind) => {
  const t = useTestApp(kind, { listen: true, env: { BILLING_GRACE_DAYS: String(graceDays) } });

  const info = async (admin: TestUser, businessId: string) =>
    json<BillingInformation>(await t.call('GET', `/v1/businesses/${businessId}/billing/information`, admin));
  const marker = async (who: TestUser) =>
    json<UserBusiness>(await t.call('GET', '/v2/businesses/user', who)).billing.paymentMethod;

  const sandboxNow = (seconds?: number) => sandboxClock(t, seconds);
  /** The hourly billing job's sweep, as of the sandbox clock. */
  const sweep = async () =>
    json<{ trialsEnded: string[]; blocked: string[] }>(
      await t.call('POST', '/test/jobs/billing-rules', null, {
        asOf: new Date((await sandboxNow()) * 1000).toISOString(),
      }),
    );
  const upgrade = (admin: TestUser, businessId: string) =>
    t.call('PUT', `/v2/businesses/${businessId}/subscriptions/upgrade`, admin, {
      plan: 'team',
      cycle: 'monthly',
      currency: 'CHF',
      seats: 2,
    });

  it('a trial ends when the sandbox clock passes it: NEEDS_PAYMENT_METHOD for all; MANUAL is exempt; a card and a plan clear it', async () => {
    const trial = await t.team();
    const manual = await t.team();
    const marked = await t.call('POST', `/test/businesses/${manual.business.id}/billing`, null, {
      paymentMethod: 'MANUAL',
    });
    expect(marked.statusCode).toBe(204);
    const trialEnd = Date.parse((await info(trial.admin, trial.business.id)).trial?.endAt ?? '') / 1000;
    expect(Number.isFinite(trialEnd)).toBe(true);

    await sandboxNow(Math.max(1, Math.floor(trialEnd - (await sandboxNow())) - 60));
    expect((await sweep()).trialsEnded).not.toContain(trial.business.id);
    expect(await marker(trial.member)).toBe('TRIALING');
    await sandboxNow(120);
    const swept = await sweep();
    expect(swept.trialsEnded).toContain(trial.business.id);
    expect(swept.trialsEnded).not.toContain(manual.business.id);
    // What the web's gates act on (spec §4): the admin is sent to the members page, a member is locked out.
    expect([await marker(trial.admin), await marker(trial.member)]).toEqual([
      'NEEDS_PAYMENT_METHOD',
      'NEEDS_PAYMENT_METHOD',
    ]);
    expect(await info(trial.admin, trial.business.id)).toMatchObject({
      billingStatus: 'canceled',
      trial: null,
      paymentIssues: false,
      pricePlan: { current: { type: 'CANCELED' } },
    });
    expect(await marker(manual.member)).toBe('MANUAL');

    // The admin pays: the answer already has the business paying, and every member is let back in.
    await addPaymentMethod(t, trial.admin, trial.business.id, 'pm_card_visa');
    const paid = await upgrade(trial.admin, trial.business.id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(json<UpgradeResult>(paid).billing).toMatchObject({
      paymentMethod: 'STRIPE',
      billingStatus: 'active',
    });
    expect([await marker(trial.admin), await marker(trial.member)]).toEqual(['STRIPE', 'STRIPE']);
    // Ended trials are not ended again.
    expect((await sweep()).trialsEnded).not.toContain(trial.business.id);
  });

  it('a renewal that fails and stays unpaid past the grace period locks the business; paying the retry unlocks it', async () => {
    const { admin, member, business } = await t.team();
    const manual = await t.team();
    await t.call('POST', `/test/businesses/${manual.business.id}/billing`, null, { paymentMethod: 'MANUAL' });
    await addPaymentMethod(t, admin, business.id, 'pm_card_visa');
    expect((await upgrade(admin, business.id)).statusCode).toBe(200);
    await addPaymentMethod(t, admin, business.id, 'pm_card_chargeCustomerFail');

    // A month on the renewal fails: the admins' payment-issues banner (spec §4), members work on.
    await sandboxNow(32 * day);
    const failed = await eventually(
      'the failed renewal',
      () => info(admin, business.id),
      (i) => i.billingStatus === 'past_due' && i.stripeSubscriptionStatus === 'past_due',
    );
    expect(failed).toMatchObject({
      paymentMethod: 'STRIPE',
      paymentIssues: true,
      stripeSubscriptionStatus: 'past_due',
    });
    expect(await marker(member)).toBe('STRIPE');
    expect((await sweep()).blocked).not.toContain(business.id);

    // The provider's retries (3 and 5 days on) fail too; past the grace period the sweep locks it.
    await sandboxNow((graceDays + 1) * day);
    const swept = await sweep();
    expect(swept.blocked).toContain(business.id);
    expect(swept.blocked).not.toContain(manual.business.id);
    expect(await info(admin, business.id)).toMatchObject({
      paymentMethod: 'BLOCKED',
      billingStatus: 'blocked',
      // No banner while locked: the locked pages say it.
      paymentIssues: false,
    });
    expect([await marker(admin), await marker(member)]).toEqual(['BLOCKED', 'BLOCKED']);
    expect(await marker(manual.member)).toBe('MANUAL');

    // The way out the locked admin is offered (the web's lock alert): the provider's customer portal,
    // coming back to the members page the lock leaves open.
    const back = encodeURIComponent(`${t.config.publicUrl}/business/members`);
    const portal = await t.call(
      'GET',
      `/v2/businesses/${business.id}/stripe/cpsession?redirectUrl=${back}`,
      admin,
    );
    expect(portal.statusCode, portal.body).toBe(200);
    expect(json<{ url: string }>(portal).url).toMatch(/\/sandbox\/payments\//);

    // A working card; the provider's next retry is paid and the lock clears for everyone.
    await addPaymentMethod(t, admin, business.id, 'pm_card_visa');
    await sandboxNow(7 * day);
    await eventually(
      'the paid retry',
      () => info(admin, business.id),
      (i) => i.paymentMethod === 'STRIPE' && i.stripeSubscriptionStatus === 'active' && !i.paymentIssues,
    );
    expect(await info(admin, business.id)).toMatchObject({ paymentIssues: false, paymentFailedAt: null });
    expect(await marker(member)).toBe('STRIPE');
    expect((await sweep()).blocked).not.toContain(business.id);
  });
});
