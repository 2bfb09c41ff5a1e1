import { describe, expect, it } from 'vitest';
import type {
  Business,
  BusinessForMember,
  BusinessSettings,
  UserBusiness,
} from '@signet/contracts/businesses';
import type { User } from '@signet/contracts/accounts';
import { databaseKinds, json } from '../../../test/helpers.ts';
import { cast, useTestApp, type TestUser } from '../../../test/factories.ts';

describe.each(databaseKinds)('businesses on %s', (kind) => {
  const t = useTestApp(kind, {
    users: cast('admin', 'member', 'second', 'loner', 'rival'),
  });
  const { admin, member, second, loner, rival } = t.users;
  // Made by the first test, as its subject, and used by the later ones.
  let business: UserBusiness;
  let other: UserBusiness;

  it('a user creates a business and becomes its admin; GET /v2/businesses/user gives what the web app reads', async () => {
    expect((await t.call('GET', '/v2/businesses/user', admin)).statusCode).toBe(404);
    const refused = await t.call('POST', '/v2/businesses', admin, { name: 'Acme AG', email: 'info@acme.ch' });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).field).toBe('body.gtc');

    const created = await t.call('POST', '/v2/businesses', admin, {
      name: 'Acme AG',
      email: 'Info@Acme.ch',
      phone: '+41 44 123 45 67',
      gtc: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    business = json<UserBusiness>(created);
    expect(business).toMatchObject({
      name: 'Acme AG',
      role: 'admin',
      billing: { paymentMethod: 'TRIALING' },
      pricePlan: { name: 'team' },
      settings: { userPilot: { enabled: false } },
    });
    expect(Date.parse(business.planStart!)).toBeLessThanOrEqual(t.clock.now().getTime());
    expect(json(await t.call('GET', '/v2/businesses/user', admin))).toEqual(business);
    // The creator has nothing to accept.
    expect(json<User>(await t.call('GET', '/v1/user', admin)).attributes.accepted_business_invite).toBe(true);

    const twice = await t.call('POST', '/v2/businesses', admin, {
      name: 'Acme 2',
      email: 'a@acme.ch',
      gtc: true,
    });
    expect(twice.statusCode).toBe(409);
    expect(json(twice).code).toBe('ALREADY_IN_BUSINESS');

    other = json<UserBusiness>(
      await t.call('POST', '/v2/businesses', rival, {
        name: 'Rival GmbH',
        email: 'r@rival.ch',
        gtc: true,
        dpa: true,
      }),
    );
    expect(other.role).toBe('admin');
    expect((await t.call('GET', '/v2/businesses/user', null)).statusCode).toBe(401);
  });

  it('brings people in by invitation: they join in the invited role once they accept', async () => {
    await t.member({ id: business.id, admin }, member, 'member');
    await t.member({ id: business.id, admin }, second, 'admin');
    expect(json<UserBusiness>(await t.call('GET', '/v2/businesses/user', member))).toMatchObject({
      id: business.id,
      role: 'member',
    });

    const members = json<{ members: Array<{ email: string; role: string }> }>(
      await t.call('GET', `/v1/businesses/${business.id}/members`, admin),
    ).members;
    expect(members.map((m) => `${m.email}:${m.role}`).sort()).toEqual([
      'admin@example.ch:admin',
      'member@example.ch:member',
      'second@example.ch:admin',
    ]);
    const admins = json<{ admins: Array<{ email: string }> }>(
      await t.call('GET', `/v1/businesses/${business.id}/admins`, admin),
    ).admins;
    expect(admins.map((a) => a.email).sort()).toEqual(['admin@example.ch', 'second@example.ch']);
  });

  it("shows a member the business without settings, billing or anybody's e-mail; admins see everything", async () => {
    const base = `/v1/businesses/${business.id}`;
    await t.call('POST', `${base}/members`, admin, { users: [{ email: 'pending@example.ch' }] });
    const read = await t.call('GET', base, member);
    expect(read.statusCode, read.body).toBe(200);
    const seen = json<BusinessForMember>(read);
    expect(Object.keys(seen).sort()).toEqual(['admins', 'createdAt', 'id', 'name', 'seals']);
    expect(seen).toMatchObject({ id: business.id, name: 'Acme AG' });
    expect(seen.admins.map((a) => `${a.firstName}:${a.role}`).sort()).toEqual(['Alma:admin', 'Sina:admin']);
    expect(read.body).not.toMatch(/@/);

    const full = json<Business>(await t.call('GET', base, admin));
    expect(full).toMatchObject({ email: 'info@acme.ch', settings: { userPilot: { enabled: false } } });
    expect(full.members.map((m) => m.email).sort()).toEqual([
      'admin@example.ch',
      'member@example.ch',
      'second@example.ch',
    ]);
    expect(full.invitedMembers).toEqual([
      expect.objectContaining({ email: 'pending@example.ch', role: 'member', status: 'pending' }),
    ]);
  });

  it('enforces who may call what: non-member, member not admin, another business', async () => {
    const base = `/v1/businesses/${business.id}`;
    // A member reads the business and its seals, but not the admin calls.
    expect((await t.call('GET', base, member)).statusCode).toBe(200);
    expect((await t.call('GET', `${base}/seals`, member)).statusCode).toBe(200);
    type Call = ['GET' | 'POST' | 'PUT', string, unknown?];
    /** Each call by `who` answers `statusCode` with `code` (the call named, to tell a failure's). */
    const expectEachAnswers = async (calls: Call[], who: TestUser, statusCode: number, code: string) => {
      for (const [method, url, payload] of calls) {
        const response = await t.call(method, url, who, payload);
        expect([method, url, response.statusCode, json(response).code]).toEqual([
          method,
          url,
          statusCode,
          code,
        ]);
      }
    };
    const adminCalls: Call[] = [
      ['PUT', base, { name: 'Hijacked' }],
      ['GET', `${base}/settings`],
      ['PUT', `${base}/settings`, { userPilot: { enabled: true } }],
      ['GET', `${base}/admins`],
      ['GET', `${base}/members`],
      ['POST', `${base}/members`, { users: [{ email: 'loner@example.ch' }] }],
      ['POST', `${base}/remove-members`, { user_ids: [admin.id] }],
      ['POST', `${base}/change-to-admins`, { user_ids: [member.id] }],
      ['POST', `${base}/change-to-members`, { user_ids: [admin.id] }],
      ['POST', `${base}/seals`, { accountName: 'forged', displayName: 'Forged' }],
    ];
    await expectEachAnswers(adminCalls, member, 403, 'BUSINESS_ADMINS_ONLY');
    // Somebody without a business.
    const memberReads: Call[] = [
      ['GET', base],
      ['GET', `${base}/seals`],
      ['GET', `${base}/members`],
    ];
    await expectEachAnswers(memberReads, loner, 403, 'BUSINESS_MEMBERS_ONLY');
    // The admin of another business: not found, whatever the call.
    await expectEachAnswers([['GET', base], ...adminCalls], rival, 404, 'NOT_FOUND');
    expect((await t.call('GET', base, null)).statusCode).toBe(401);
    // Nothing changed.
    expect(json<Business>(await t.call('GET', base, admin)).name).toBe('Acme AG');
  });

  it('updates the profile and the settings; settings merge part by part', async () => {
    const base = `/v1/businesses/${business.id}`;
    const updated = await t.call('PUT', base, admin, { name: 'Acme Holding AG', phone: null });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(json<Business>(updated)).toMatchObject({
      name: 'Acme Holding AG',
      phone: null,
      email: 'info@acme.ch',
    });
    const badPhone = await t.call('PUT', base, admin, { phone: 'call me' });
    expect(json(badPhone)).toMatchObject({ statusCode: 400, field: 'body.phone' });

    const defaults = json<BusinessSettings>(await t.call('GET', `${base}/settings`, admin));
    expect(defaults.signatureRequests.retention).toEqual({ enabled: false, terminalState: 30 });
    // The web app's auto-deletion switch sends just this.
    const retention = await t.call('PUT', `${base}/settings`, admin, {
      signatureRequests: { retention: { enabled: true } },
    });
    expect(retention.statusCode, retention.body).toBe(200);
    const settings = await t.call('PUT', `${base}/settings`, second, {
      userPilot: { enabled: true },
      supportContact: { email: 'Help@Acme.ch' },
    });
    expect(json<BusinessSettings>(settings)).toEqual({
      ...defaults,
      signatureRequests: { ...defaults.signatureRequests, retention: { enabled: true, terminalState: 30 } },
      userPilot: { enabled: true },
      supportContact: { email: 'help@acme.ch', phone: null },
    });
    expect(
      json<UserBusiness>(await t.call('GET', '/v2/businesses/user', member)).settings.userPilot.enabled,
    ).toBe(true);
    const unknown = await t.call('PUT', `${base}/settings`, admin, {
      userPilot: { enabled: true, extra: 1 },
    });
    expect(json(unknown)).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    const invalid = await t.call('PUT', `${base}/settings`, admin, { supportContact: { email: 'nope' } });
    expect(json(invalid)).toMatchObject({ statusCode: 400, field: 'body.supportContact.email' });
  });

  it('changes roles and removes members, always keeping an admin', async () => {
    const base = `/v1/businesses/${business.id}`;
    const promote = await t.call('POST', `${base}/change-to-admins`, admin, { user_ids: [member.id] });
    expect(promote.statusCode, promote.body).toBe(204);
    expect(json<UserBusiness>(await t.call('GET', '/v2/businesses/user', member)).role).toBe('admin');
    const demote = await t.call('POST', `${base}/change-to-members`, second, {
      user_ids: [member.id, second.id],
    });
    expect(demote.statusCode).toBe(204);
    expect((await t.call('GET', `${base}/members`, second)).statusCode).toBe(403);

    const lastAdmin = await t.call('POST', `${base}/change-to-members`, admin, { user_ids: [admin.id] });
    expect(json(lastAdmin)).toMatchObject({ statusCode: 409, code: 'LAST_ADMIN' });
    const removeLast = await t.call('POST', `${base}/remove-members`, admin, { user_ids: [admin.id] });
    expect(json(removeLast)).toMatchObject({ statusCode: 409, code: 'LAST_ADMIN' });
    const stranger = await t.call('POST', `${base}/remove-members`, admin, { user_ids: [rival.id] });
    expect(json(stranger)).toMatchObject({ statusCode: 400, code: 'NOT_A_MEMBER', field: 'user_ids' });
    expect(json<UserBusiness>(await t.call('GET', '/v2/businesses/user', rival)).id).toBe(other.id);

    const removed = await t.call('POST', `${base}/remove-members`, admin, { user_ids: [second.id] });
    expect(removed.statusCode).toBe(204);
    expect((await t.call('GET', '/v2/businesses/user', second)).statusCode).toBe(404);
    expect(json<User>(await t.call('GET', '/v1/user', second)).attributes.removed_from_business).toBe(true);
    expect((await t.call('GET', base, second)).statusCode).toBe(403);
  });

  it('lets end-to-end tests set the billing marker the web gates read (NODE_ENV=test only)', async () => {
    const set = await t.call('POST', `/test/businesses/${business.id}/billing`, null, {
      paymentMethod: 'NEEDS_PAYMENT_METHOD',
    });
    expect(set.statusCode, set.body).toBe(204);
    expect(json<UserBusiness>(await t.call('GET', '/v2/businesses/user', member)).billing).toEqual({
      paymentMethod: 'NEEDS_PAYMENT_METHOD',
    });
    await t.call('POST', `/test/businesses/${business.id}/billing`, null, { paymentMethod: 'TRIALING' });
  });

  it('documents every call in the OpenAPI description', async () => {
    const spec = json<{ paths: Record<string, unknown> }>(await t.call('GET', '/openapi.json'));
    for (const path of [
      '/v2/businesses',
      '/v2/businesses/user',
      '/v1/businesses/{businessId}',
      '/v1/businesses/{businessId}/settings',
      '/v2/businesses/{businessId}/invitations',
      '/v1/businesses/{businessId}/invitations/{invitationId}',
      '/v1/business-invitations/{secret}',
      '/v1/business-invitations/{secret}/accept',
      '/v1/business-invitations/{secret}/decline',
    ])
      expect(Object.keys(spec.paths)).toContain(path);
  });
});
