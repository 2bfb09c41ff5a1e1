import { describe, expect, it } from 'vitest';
import type {
  BillingInformation,
  PricePreview,
  ReferralCode,
  SubscriptionUsage,
} from '@signet/contracts/billing';
import { addPaymentMethod } from '../../../test/payments.ts';
import { useTestApp, type TestUser } from '../../../test/factories.ts';
import { databaseKinds, json } from '../../../test/helpers.ts';
import { saveBilling, updateBusinessColumns } from './billing.repository.ts';

// Usage, referral codes, the Chargebee portal and seats as a limit (spec §7 Subscriptions, Business;
// §4 seats enforced when inviting), against the embedded payments sandbox over real HTTP.

describe.each(databaseKinds)('subscription usage, referral codes, Chargebee and seats on %s', (kind) => {
  const t = useTestApp(kind, { listen: true });
  const team = { plan: 'team', cycle: 'monthly', currency: 'CHF', seats: 2 };
  const usageOf = async (admin: TestUser, businessId: string) => {
    const response = await t.call('GET', `/v2/businesses/${businessId}/subscriptions/usage`, admin);
    expect(response.statusCode, response.body).toBe(200);
    return json<SubscriptionUsage>(response);
  };

  it('counts the period’s signatures per quality and the seats; a free plan’s credit left; admins only', async () => {
    const { admin, member, business } = await t.team();
    const request = await t.request(admin, { signatures: [admin.email] });
    await t.sign(request, admin);
    const usage = await usageOf(admin, business.id);
    expect(usage).toMatchObject({
      seats: { used: 2, paid: null },
      signatures: { ses: 1, aes: 0, qes: 0, part11: 0 },
      identifications: { aes: 0, qes: 0 },
      freeCreditLeft: null,
    });
    // Without a subscription the period is this calendar month.
    const now = new Date();
    expect(usage.period.startAt).toBe(
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
    );
    // On a free plan, the free signatures left this period.
    await updateBusinessColumns(t.database.db, business.id, { pricePlanName: 'free', updatedAt: now });
    expect((await usageOf(admin, business.id)).freeCreditLeft).toBe(4);

    const forbidden = await t.call('GET', `/v2/businesses/${business.id}/subscriptions/usage`, member);
    expect(json(forbidden)).toMatchObject({ statusCode: 403, code: 'BUSINESS_ADMINS_ONLY' });
  });

  it('counts paid seats and the subscription’s period once subscribed', async () => {
    const { admin, business } = await t.team();
    await addPaymentMethod(t, admin, business.id, 'pm_card_visa');
    const upgraded = await t.call('PUT', `/v2/businesses/${business.id}/subscriptions/upgrade`, admin, team);
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    const usage = await usageOf(admin, business.id);
    expect(usage.seats).toEqual({ used: 2, paid: 2, limit: 2 });
    const info = json<BillingInformation>(
      await t.call('GET', `/v1/businesses/${business.id}/billing/information`, admin),
    );
    expect(usage.period.endAt).toBe(info.renewsAt);
  });

  it('gives each business one referral code that others can use as a promo code', async () => {
    const { admin, business } = await t.team();
    const url = `/v2/businesses/${business.id}/coupons/referral_code`;
    const [first, again] = await Promise.all([t.call('GET', url, admin), t.call('GET', url, admin)]);
    expect(first.statusCode, first.body).toBe(200);
    const code = json<ReferralCode>(first);
    expect(code.referralCode).toMatch(/^REF[0-9A-F]{10}$/);
    expect(json<ReferralCode>(again)).toEqual(code);
    expect(json<ReferralCode>(await t.call('GET', url, admin))).toEqual(code);
    const other = await t.team();
    const theirs = json<ReferralCode>(
      await t.call('GET', `/v2/businesses/${other.business.id}/coupons/referral_code`, other.admin),
    );
    expect(theirs.referralCode).not.toBe(code.referralCode);

    // The other business upgrades with it: 10 % off.
    const preview = await t.call(
      'POST',
      `/v2/businesses/${other.business.id}/subscriptions/upgrade/preview`,
      other.admin,
      {
        ...team,
        promoCode: code.referralCode,
      },
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(json<PricePreview>(preview).discount).toBe(Math.round(2 * 2900 * (code.percentOff / 100)));
  });

  it('opens the Chargebee portal for a business Chargebee bills, and names the provider otherwise', async () => {
    const { admin, business } = await t.team();
    const url = `/v2/businesses/${business.id}/chargebee/portal_session`;
    const redirectUrl = `${t.config.publicUrl}/business/billing`;
    const none = await t.call('POST', url, admin, { redirectUrl });
    expect(json(none)).toMatchObject({
      statusCode: 409,
      code: 'WRONG_PAYMENT_PROVIDER',
      details: { provider: null },
    });
    await saveBilling(t.database.db, business.id, { provider: 'STRIPE', updatedAt: new Date() });
    expect(json(await t.call('POST', url, admin, { redirectUrl }))).toMatchObject({
      statusCode: 409,
      code: 'WRONG_PAYMENT_PROVIDER',
      details: { provider: 'STRIPE' },
    });
    await saveBilling(t.database.db, business.id, { provider: 'CHARGEBEE', updatedAt: new Date() });
    const session = await t.call('POST', url, admin, { redirectUrl });
    expect(session.statusCode, session.body).toBe(200);
    const portal = json<{ url: string }>(session).url;
    expect(portal).toMatch(/\/sandbox\/payments\/chargebee\/portal\//);
    const page = await fetch(portal);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(business.id);
    expect(html).toContain(`href="${redirectUrl}"`);
    // A forged link finds nothing.
    expect((await fetch(`${portal.slice(0, -4)}xxxx`)).status).toBe(404);

    const away = await t.call('POST', url, admin, { redirectUrl: 'https://evil.example/' });
    expect(json(away)).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', field: 'redirectUrl' });
    const bare = await t.call('POST', url, admin, {});
    expect(json(bare)).toMatchObject({ statusCode: 400, field: 'body.redirectUrl' });
  });

  it('refuses inviting beyond the paid seats, and fewer seats than members and invitations', async () => {
    const { admin, business } = await t.team();
    await addPaymentMethod(t, admin, business.id, 'pm_card_visa');
    const upgraded = await t.call('PUT', `/v2/businesses/${business.id}/subscriptions/upgrade`, admin, team);
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    const invite = (email: string) =>
      t.call('POST', `/v1/businesses/${business.id}/members`, admin, { users: [{ email, role: 'member' }] });

    // Two seats, two members: no seat for a third.
    const full = await invite(t.email('third'));
    expect(json(full)).toMatchObject({ statusCode: 409, code: 'SEATS_EXHAUSTED', details: { seatsLeft: 0 } });
    const seatsUrl = `/v2/businesses/${business.id}/subscriptions/seats`;
    expect((await t.call('PUT', seatsUrl, admin, { seats: 3 })).statusCode).toBe(200);
    expect((await invite(t.email('third'))).statusCode).toBe(200);
    // Now three hold a seat (two members, one invitation): back to two is refused, naming seats.
    const fewer = await t.call('PUT', seatsUrl, admin, { seats: 2 });
    expect(json(fewer)).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', field: 'seats' });
    expect(json(fewer).message).toMatch(/3 members and pending invitations/);
    const preview = await t.call('POST', `${seatsUrl}/preview`, admin, { seats: 1 });
    expect(json(preview)).toMatchObject({ statusCode: 400, field: 'seats' });
    expect((await usageOf(admin, business.id)).seats).toEqual({ used: 3, paid: 3, limit: 3 });
  });
});
