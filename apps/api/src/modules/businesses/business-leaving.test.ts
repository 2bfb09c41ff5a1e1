import { describe, expect, it } from 'vitest';
import type { User } from '@signet/contracts/accounts';
import type { Seal } from '@signet/contracts/businesses';
import { databaseKinds, json } from '../../../test/helpers.ts';
import { useTestApp, type TestUser } from '../../../test/factories.ts';

// POST /v1/businesses/{id}/leave: a member leaves of their own accord (business-leaving.service.ts).

describe.each(databaseKinds)('leaving a business on %s', (kind) => {
  const t = useTestApp(kind);
  const leave = (businessId: string, who: TestUser | null) =>
    t.call('POST', `/v1/businesses/${businessId}/leave`, who);

  it('a member leaves the business and its seals, and is shown the way to a personal account', async () => {
    const { admin, member, business } = await t.team();
    const seals = `/v1/businesses/${business.id}/seals`;
    await t.call('POST', seals, admin, { accountName: t.email('seal').split('@')[0], displayName: 'Seal' });
    const [seal] = json<{ seals: Array<{ accountName: string }> }>(await t.call('GET', seals, admin)).seals;
    await t.call('POST', `${seals}/${seal!.accountName}/members`, admin, { user_ids: [member.id] });

    const left = await leave(business.id, member);
    expect(left.statusCode, left.body).toBe(204);
    expect((await t.call('GET', '/v2/businesses/user', member)).statusCode).toBe(404);
    // Spec §4: the downgrade dialog follows (removed_from_business), then /billing.
    expect(json<User>(await t.call('GET', '/v1/user', member)).attributes.removed_from_business).toBe(true);
    const people = json<{ members: Array<{ id: string }> }>(
      await t.call('GET', `/v1/businesses/${business.id}/members`, admin),
    );
    expect(people.members.map((m) => m.id)).toEqual([admin.id]);
    expect(json<Seal>(await t.call('GET', `${seals}/${seal!.accountName}`, admin)).members).toEqual([]);

    // Out is out: the business's calls are no longer theirs.
    const again = await leave(business.id, member);
    expect(again.statusCode).toBe(403);
    expect(json(again).code).toBe('BUSINESS_MEMBERS_ONLY');
  });

  it('keeps an admin: the last one names another first; with one, an admin may leave too', async () => {
    const { admin, member, business } = await t.team();
    const refused = await leave(business.id, admin);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).code).toBe('LAST_ADMIN');
    expect(json<{ role: string }>(await t.call('GET', '/v2/businesses/user', admin)).role).toBe('admin');

    await t.call('POST', `/v1/businesses/${business.id}/change-to-admins`, admin, { user_ids: [member.id] });
    expect((await leave(business.id, admin)).statusCode).toBe(204);
    expect(json<{ role: string }>(await t.call('GET', '/v2/businesses/user', member)).role).toBe('admin');

    // Alone in it, nobody would be left to run it.
    const alone = await leave(business.id, member);
    expect(alone.statusCode).toBe(409);
    expect(json(alone).code).toBe('LAST_ADMIN');
  });

  it('is for members of that business only', async () => {
    const { member, business } = await t.team();
    const other = await t.team();
    const outsider = await t.user();
    expect((await leave(business.id, null)).statusCode).toBe(401);
    expect(json(await leave(business.id, outsider)).code).toBe('BUSINESS_MEMBERS_ONLY');
    expect((await leave(other.business.id, member)).statusCode).toBe(404);
    expect((await t.call('GET', '/v2/businesses/user', member)).statusCode).toBe(200);
  });
});
