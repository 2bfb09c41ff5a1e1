import { describe, expect, it } from 'vitest';
import type { BusinessLifecycle } from '@signet/contracts/business-lifecycle';
import type { BusinessInvitation, UserBusiness } from '@signet/contracts/businesses';
import { databaseKinds, deliveredMails, json } from '../../../test/helpers.ts';
import { useTestApp, type TestUser } from '../../../test/factories.ts';

// The plan, billing data and seats of a business (business-lifecycle.service.ts, business-seats.service.ts).

const day = 24 * 60 * 60 * 1000;

/** The clock runs on in a test: an instant the server set is between two readings of it. */
function expectBetween(iso: string | null | undefined, from: Date, to: Date): void {
  const at = new Date(iso ?? NaN).getTime();
  expect(at).toBeGreaterThanOrEqual(from.getTime());
  expect(at).toBeLessThanOrEqual(to.getTime());
}
const billing = {
  address1: 'Bahnhofstrasse 1',
  city: 'Zürich',
  country: 'ch',
  postalCode: '8001',
  vat: 'CHE-123.456.789',
  currency: 'CHF',
};

describe.each(databaseKinds)('business plan, billing and seats on %s', (kind) => {
  // Four seats: few enough to fill in a test.
  const t = useTestApp(kind, { env: { BUSINESS_SEAT_LIMIT: '4' } });
  const lifecycle = async (businessId: string, admin: TestUser) =>
    json<BusinessLifecycle>(await t.call('GET', `/v2/businesses/${businessId}/lifecycle`, admin));

  it('a new business is in its trial; cancelling it ends the plan, and the gates see a trial expired', async () => {
    const { admin, member, business } = await t.team();
    const before = await lifecycle(business.id, admin);
    expect(before).toMatchObject({
      paymentMethod: 'TRIALING',
      base: { current: { type: 'TRIAL' }, next: null },
      billing: null,
      deletion: null,
      seats: { used: 2, limit: 4 },
    });

    const from = t.clock.now();
    const cancelled = await t.call('POST', `/v1/businesses/${business.id}/cancel-trial`, admin);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = json<BusinessLifecycle>(cancelled);
    expect(after).toMatchObject({
      paymentMethod: 'NEEDS_PAYMENT_METHOD',
      billingStatus: 'canceled',
      base: { current: { type: 'CANCELED', endAt: null }, next: null },
    });
    expectBetween(after.base.current.startAt, from, t.clock.now());
    // What the web's gates read (spec §4): the admin is kept to the members page, a member locked out.
    for (const who of [admin, member])
      expect(json<UserBusiness>(await t.call('GET', '/v2/businesses/user', who)).billing).toEqual({
        paymentMethod: 'NEEDS_PAYMENT_METHOD',
      });

    const again = await t.call('POST', `/v1/businesses/${business.id}/cancel-trial`, admin);
    expect(json(again)).toMatchObject({ statusCode: 409, code: 'TRIAL_NOT_ACTIVE' });
  });

  it('a trial that ran out reads as cancelled, and cannot be cancelled again', async () => {
    const { admin, business } = await t.team();
    // Until billing's trial expiry job exists, the test-only call sets the marker it will set.
    const expired = await t.call('POST', `/test/businesses/${business.id}/billing`, null, {
      paymentMethod: 'NEEDS_PAYMENT_METHOD',
    });
    expect(expired.statusCode).toBe(204);
    expect((await lifecycle(business.id, admin)).base.current.type).toBe('CANCELED');
    const refused = await t.call('POST', `/v1/businesses/${business.id}/cancel-trial`, admin);
    expect(json(refused)).toMatchObject({ statusCode: 409, code: 'TRIAL_NOT_ACTIVE' });
  });

  it('stores the billing address and the next base, and reads them back', async () => {
    const { admin, business } = await t.team();
    const saved = await t.call('PUT', `/v2/businesses/${business.id}/billing`, admin, billing);
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = { ...billing, country: 'CH', address2: null };
    expect(json<BusinessLifecycle>(saved).billing).toEqual(expected);
    expect((await lifecycle(business.id, admin)).billing).toEqual(expected);

    // Cancelling: the plan moves to CANCELED when the current base ends; revoking clears it (spec §4).
    const base = `/v2/businesses/${business.id}/base`;
    const from = t.clock.now();
    const cancelling = json<BusinessLifecycle>(
      await t.call('PUT', base, admin, { next: { type: 'CANCELED' } }),
    );
    // A trial without an end date: the change applies from now.
    expect(cancelling.base.next).toMatchObject({ type: 'CANCELED', endAt: null });
    expectBetween(cancelling.base.next?.startAt, from, t.clock.now());
    expect(cancelling.base.current.type).toBe('TRIAL');
    expect((await lifecycle(business.id, admin)).base.next?.type).toBe('CANCELED');
    expect(json<BusinessLifecycle>(await t.call('PUT', base, admin, { next: null })).base.next).toBeNull();
    expect((await lifecycle(business.id, admin)).base.next).toBeNull();
  });

  it('refuses bad billing data and bases, naming the field', async () => {
    const { admin, business } = await t.team();
    const put = (path: string, body: unknown) =>
      t.call('PUT', `/v2/businesses/${business.id}/${path}`, admin, body);
    for (const [body, field] of [
      [{ ...billing, country: 'Switzerland' }, 'country'],
      [{ ...billing, currency: 'USD' }, 'currency'],
      [{ ...billing, postalCode: '<script>' }, 'postalCode'],
      [{ ...billing, city: '' }, 'city'],
      [{ ...billing, iban: 'CH00' }, ''],
    ] as const) {
      const refused = await put('billing', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(refused)).toMatchObject({ code: 'VALIDATION_FAILED' });
      if (field) expect(json<{ field: string }>(refused).field).toBe(`body.${field}`);
    }
    for (const body of [{ next: { type: 'TRIAL' } }, { next: { type: 'WEEKLY' } }, {}]) {
      const refused = await put('base', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(json<{ field: string }>(refused).field).toMatch(/^body\.next/);
    }
    expect((await lifecycle(business.id, admin)).billing).toBeNull();
  });

  it('counts members and open invitations as seats, and refuses invitations beyond them', async () => {
    const { admin, business } = await t.team();
    const invite = (emails: string[]) =>
      t.call('POST', `/v1/businesses/${business.id}/members`, admin, {
        users: emails.map((email) => ({ email })),
      });
    const [a, b, c] = [t.email('seat'), t.email('seat'), t.email('seat')];
    expect((await invite([a])).statusCode).toBe(200);
    expect((await lifecycle(business.id, admin)).seats).toEqual({ used: 3, limit: 4 });

    // All or nothing: two new addresses do not fit the one seat left; the answer says how many are.
    const refused = await invite([b, c]);
    expect(json(refused)).toMatchObject({
      statusCode: 409,
      code: 'SEATS_EXHAUSTED',
      field: 'users',
      details: { seatsLeft: 1 },
    });
    expect(json<{ message: string }>(refused).message).toMatch(
      /^1 of the business's 4 seats are free, and 2 are needed/,
    );
    expect(await deliveredMails(t, b)).toHaveLength(0);

    // Resending a pending invitation keeps its seat: a new link, a new expiry, another mail.
    const firstExpiry = t.clock.now().getTime() + 14 * day;
    t.clock.advance(day);
    try {
      const adminNow = await t.login(admin);
      const resent = json<{ invited: BusinessInvitation[] }>(
        await t.call('POST', `/v1/businesses/${business.id}/members`, adminNow, {
          users: [{ email: a }, { email: b }],
        }),
      ).invited;
      expect(resent.map((i) => i.email)).toEqual([a, b]);
      expect(new Date(resent[0]!.expiresAt).getTime()).toBeGreaterThanOrEqual(firstExpiry + day - 1000);
      expect(await deliveredMails(t, a)).toHaveLength(2);
      expect((await lifecycle(business.id, adminNow)).seats).toEqual({ used: 4, limit: 4 });
    } finally {
      t.clock.advance(-day);
    }
    const full = await invite([c]);
    expect(json(full)).toMatchObject({ code: 'SEATS_EXHAUSTED', details: { seatsLeft: 0 } });

    // A revoked invitation frees its seat.
    const invitations = json<{ invitations: BusinessInvitation[] }>(
      await t.call('GET', `/v2/businesses/${business.id}/invitations`, admin),
    ).invitations;
    const revoked = invitations.find((i) => i.email === b)!;
    await t.call('DELETE', `/v1/businesses/${business.id}/invitations/${revoked.id}`, admin);
    expect((await invite([c])).statusCode).toBe(200);
  });

  it('is for the admins of that business only', async () => {
    const { admin, member, business } = await t.team();
    const other = await t.team();
    const outsider = await t.user();
    const calls = [
      ['GET', 'v2', 'lifecycle', undefined],
      ['POST', 'v1', 'cancel-trial', undefined],
      ['PUT', 'v2', 'billing', billing],
      ['PUT', 'v2', 'base', { next: null }],
    ] as const;
    for (const [method, version, path, body] of calls) {
      const url = `/${version}/businesses/${business.id}/${path}`;
      const answer = (who: TestUser | null) => t.call(method, url, who, body);
      expect((await answer(null)).statusCode, url).toBe(401);
      expect(json(await answer(outsider)).code, url).toBe('BUSINESS_MEMBERS_ONLY');
      expect(json(await answer(member)).code, url).toBe('BUSINESS_ADMINS_ONLY');
      expect((await answer(other.admin)).statusCode, url).toBe(404);
    }
    // Nothing changed for the business.
    expect(await lifecycle(business.id, admin)).toMatchObject({ paymentMethod: 'TRIALING', billing: null });
  });
});
