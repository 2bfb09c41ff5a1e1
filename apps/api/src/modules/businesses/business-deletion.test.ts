import { describe, expect, it } from 'vitest';
import type { User } from '@signet/contracts/accounts';
import type { BusinessLifecycle } from '@signet/contracts/business-lifecycle';
import { eq } from 'drizzle-orm';
import { businessInvitations, seals as sealRows } from '../../db/schema/businesses.ts';
import { databaseKinds, json } from '../../../test/helpers.ts';
import { useTestApp, type TestUser } from '../../../test/factories.ts';

// DELETE /v2/businesses/{id}, POST .../revoke_delete and the deletion job (business-deletion.service.ts).

const day = 24 * 60 * 60 * 1000;

describe.each(databaseKinds)('deleting a business on %s', (kind) => {
  // A grace period other than the default, to see that the setting is the one used.
  const t = useTestApp(kind, { env: { BUSINESS_DELETION_GRACE_DAYS: '10' } });
  const remove = (businessId: string, who: TestUser | null) =>
    t.call('DELETE', `/v2/businesses/${businessId}`, who);
  const revoke = (businessId: string, who: TestUser | null) =>
    t.call('POST', `/v2/businesses/${businessId}/revoke_delete`, who);
  const attributesOf = async (who: TestUser) => json<User>(await t.call('GET', '/v1/user', who)).attributes;

  /** Moves the clock on by `days` and runs the jobs due then; the people sign in again (sessions end). */
  const laterBy = async (days: number) => {
    t.clock.advance(days * day);
    await t.app.jobs.drain();
  };

  it('is scheduled after the grace period, revocable, and done by the job when due', async () => {
    const { admin, member, business } = await t.team();
    // The member's own request is theirs and outlives the business.
    const request = await t.request(member, { signatures: [admin.email] });
    const seals = `/v1/businesses/${business.id}/seals`;
    await t.call('POST', seals, admin, { accountName: t.email('seal').split('@')[0], displayName: 'Seal' });
    await t.call('POST', `/v1/businesses/${business.id}/members`, admin, { users: [{ email: t.email() }] });

    const from = t.clock.now();
    const scheduled = await remove(business.id, admin);
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const { deletion } = json<BusinessLifecycle>(scheduled);
    expect(new Date(deletion!.dueAt).getTime() - new Date(deletion!.requestedAt).getTime()).toBe(10 * day);
    expect(new Date(deletion!.requestedAt).getTime()).toBeGreaterThanOrEqual(from.getTime());
    // Scheduling twice would hide the first date: refused.
    expect(json(await remove(business.id, admin))).toMatchObject({
      statusCode: 409,
      code: 'BUSINESS_DELETION_SCHEDULED',
    });

    // Revoked: the job due at the first date finds nothing to do.
    const revoked = await revoke(business.id, admin);
    expect(json<BusinessLifecycle>(revoked).deletion).toBeNull();
    expect(json(await revoke(business.id, admin))).toMatchObject({
      statusCode: 409,
      code: 'BUSINESS_DELETION_NOT_SCHEDULED',
    });
    await laterBy(5);
    let adminNow = await t.login(admin);
    const again = json<BusinessLifecycle>(await remove(business.id, adminNow)).deletion!;
    await laterBy(6);
    adminNow = await t.login(admin);
    const waiting = json<BusinessLifecycle>(
      await t.call('GET', `/v2/businesses/${business.id}/lifecycle`, adminNow),
    );
    expect(waiting.deletion).toEqual(again);

    // Past the second date the job runs: everybody continues with a personal account.
    await laterBy(5);
    const [adminLater, memberLater] = [await t.login(admin), await t.login(member)];
    for (const who of [adminLater, memberLater]) {
      expect((await t.call('GET', '/v2/businesses/user', who)).statusCode).toBe(404);
      expect(await attributesOf(who)).toMatchObject({ business_deleted: true, removed_from_business: false });
    }
    expect((await t.call('GET', `/v1/businesses/${business.id}`, adminLater)).statusCode).toBe(403);
    const { db } = t.app.database;
    expect(await db.select().from(sealRows).where(eq(sealRows.businessId, business.id))).toEqual([]);
    expect(
      await db.select().from(businessInvitations).where(eq(businessInvitations.businessId, business.id)),
    ).toEqual([]);
    const mine = json<{ id: string }>(
      await t.call('GET', `/v3/signature-requests/${request.id}`, memberLater),
    );
    expect(mine.id).toBe(request.id);

    // Spec §4: accepting the terms ends the downgrade; the person may start or join a business again.
    const accepted = await t.call('POST', '/v1/user/accept', memberLater, { accept: 'gtc' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await attributesOf(memberLater)).toMatchObject({ business_deleted: false, accepted_gtc: true });
    expect((await t.business(adminLater)).role).toBe('admin');
  });

  it('is for the admins of that business only', async () => {
    const { admin, member, business } = await t.team();
    const other = await t.team();
    const outsider = await t.user();
    for (const call of [remove, revoke]) {
      expect((await call(business.id, null)).statusCode).toBe(401);
      expect(json(await call(business.id, outsider)).code).toBe('BUSINESS_MEMBERS_ONLY');
      expect(json(await call(business.id, member)).code).toBe('BUSINESS_ADMINS_ONLY');
      expect((await call(business.id, other.admin)).statusCode).toBe(404);
    }
    const state = json<BusinessLifecycle>(
      await t.call('GET', `/v2/businesses/${business.id}/lifecycle`, admin),
    );
    expect(state.deletion).toBeNull();
  });
});
