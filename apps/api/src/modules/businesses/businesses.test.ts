import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Business,
  BusinessForMember,
  BusinessSettings,
  Seal,
  SealSummary,
  UserBusiness,
} from '@signet/contracts/businesses';
import type { User } from '@signet/contracts/accounts';
import {
  bearer,
  createTestApp,
  databaseKinds,
  inviteAndAccept,
  json,
  signUp,
  type TestApp,
} from '../../../test/helpers.ts';

describe.each(databaseKinds)('businesses on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let business: UserBusiness;
  let other: UserBusiness;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who: string | null,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: who ? bearer(tokens[who]!) : {},
      ...(payload ? { payload: payload as object } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const [who, firstName] of [
      ['admin', 'Alma'],
      ['member', 'Max'],
      ['second', 'Sina'],
      ['loner', 'Lou'],
      ['rival', 'Rita'],
    ] as const) {
      tokens[who] = (await signUp(t, { email: `${who}@example.ch`, firstName, lastName: 'Test' })).token;
      ids[who] = json<User>(await call('GET', '/v1/user', who)).id;
    }
  });
  afterAll(() => t.close());

  it('a user creates a business and becomes its admin; GET /v2/businesses/user gives what the web app reads', async () => {
    expect((await call('GET', '/v2/businesses/user', 'admin')).statusCode).toBe(404);
    const refused = await call('POST', '/v2/businesses', 'admin', { name: 'Acme AG', email: 'info@acme.ch' });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).field).toBe('body.gtc');

    const created = await call('POST', '/v2/businesses', 'admin', {
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
    expect(json(await call('GET', '/v2/businesses/user', 'admin'))).toEqual(business);
    // The creator has nothing to accept.
    expect(json<User>(await call('GET', '/v1/user', 'admin')).attributes.accepted_business_invite).toBe(true);

    const twice = await call('POST', '/v2/businesses', 'admin', {
      name: 'Acme 2',
      email: 'a@acme.ch',
      gtc: true,
    });
    expect(twice.statusCode).toBe(409);
    expect(json(twice).code).toBe('ALREADY_IN_BUSINESS');

    other = json<UserBusiness>(
      await call('POST', '/v2/businesses', 'rival', {
        name: 'Rival GmbH',
        email: 'r@rival.ch',
        gtc: true,
        dpa: true,
      }),
    );
    expect(other.role).toBe('admin');
    expect((await call('GET', '/v2/businesses/user', null)).statusCode).toBe(401);
  });

  it('brings people in by invitation: they join in the invited role once they accept', async () => {
    for (const [who, role] of [
      ['member', 'member'],
      ['second', 'admin'],
    ] as const)
      await inviteAndAccept(
        t,
        tokens.admin!,
        business.id,
        { email: `${who}@example.ch`, token: tokens[who]! },
        role,
      );
    expect(json<UserBusiness>(await call('GET', '/v2/businesses/user', 'member'))).toMatchObject({
      id: business.id,
      role: 'member',
    });

    const members = json<{ members: Array<{ email: string; role: string }> }>(
      await call('GET', `/v1/businesses/${business.id}/members`, 'admin'),
    ).members;
    expect(members.map((m) => `${m.email}:${m.role}`).sort()).toEqual([
      'admin@example.ch:admin',
      'member@example.ch:member',
      'second@example.ch:admin',
    ]);
    const admins = json<{ admins: Array<{ email: string }> }>(
      await call('GET', `/v1/businesses/${business.id}/admins`, 'admin'),
    ).admins;
    expect(admins.map((a) => a.email).sort()).toEqual(['admin@example.ch', 'second@example.ch']);
  });

  it("shows a member the business without settings, billing or anybody's e-mail; admins see everything", async () => {
    const base = `/v1/businesses/${business.id}`;
    await call('POST', `${base}/members`, 'admin', { users: [{ email: 'pending@example.ch' }] });
    const read = await call('GET', base, 'member');
    expect(read.statusCode, read.body).toBe(200);
    const seen = json<BusinessForMember>(read);
    expect(Object.keys(seen).sort()).toEqual(['admins', 'createdAt', 'id', 'name', 'seals']);
    expect(seen).toMatchObject({ id: business.id, name: 'Acme AG' });
    expect(seen.admins.map((a) => `${a.firstName}:${a.role}`).sort()).toEqual(['Alma:admin', 'Sina:admin']);
    expect(read.body).not.toMatch(/@/);

    const full = json<Business>(await call('GET', base, 'admin'));
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
    expect((await call('GET', base, 'member')).statusCode).toBe(200);
    expect((await call('GET', `${base}/seals`, 'member')).statusCode).toBe(200);
    const adminCalls: Array<['GET' | 'POST' | 'PUT', string, unknown?]> = [
      ['PUT', base, { name: 'Hijacked' }],
      ['GET', `${base}/settings`],
      ['PUT', `${base}/settings`, { userPilot: { enabled: true } }],
      ['GET', `${base}/admins`],
      ['GET', `${base}/members`],
      ['POST', `${base}/members`, { users: [{ email: 'loner@example.ch' }] }],
      ['POST', `${base}/remove-members`, { user_ids: [ids.admin] }],
      ['POST', `${base}/change-to-admins`, { user_ids: [ids.member] }],
      ['POST', `${base}/change-to-members`, { user_ids: [ids.admin] }],
      ['POST', `${base}/seals`, { accountName: 'forged', displayName: 'Forged' }],
    ];
    for (const [method, url, payload] of adminCalls) {
      const response = await call(method, url, 'member', payload);
      expect([method, url, response.statusCode, json(response).code]).toEqual([
        method,
        url,
        403,
        'BUSINESS_ADMINS_ONLY',
      ]);
    }
    // Somebody without a business.
    for (const url of [base, `${base}/seals`, `${base}/members`]) {
      const response = await call('GET', url, 'loner');
      expect([url, response.statusCode, json(response).code]).toEqual([url, 403, 'BUSINESS_MEMBERS_ONLY']);
    }
    // The admin of another business: not found, whatever the call.
    for (const [method, url, payload] of [['GET', base], ...adminCalls] as typeof adminCalls) {
      const response = await call(method, url, 'rival', payload);
      expect([method, url, response.statusCode, json(response).code]).toEqual([
        method,
        url,
        404,
        'NOT_FOUND',
      ]);
    }
    expect((await call('GET', base, null)).statusCode).toBe(401);
    // Nothing changed.
    expect(json<Business>(await call('GET', base, 'admin')).name).toBe('Acme AG');
  });

  it('updates the profile and the settings; settings merge part by part', async () => {
    const base = `/v1/businesses/${business.id}`;
    const updated = await call('PUT', base, 'admin', { name: 'Acme Holding AG', phone: null });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(json<Business>(updated)).toMatchObject({
      name: 'Acme Holding AG',
      phone: null,
      email: 'info@acme.ch',
    });
    const badPhone = await call('PUT', base, 'admin', { phone: 'call me' });
    expect(json(badPhone)).toMatchObject({ statusCode: 400, field: 'body.phone' });

    const defaults = json<BusinessSettings>(await call('GET', `${base}/settings`, 'admin'));
    expect(defaults.signatureRequests.retention).toEqual({ enabled: false, terminalState: 30 });
    // The web app's auto-deletion switch sends just this.
    const retention = await call('PUT', `${base}/settings`, 'admin', {
      signatureRequests: { retention: { enabled: true } },
    });
    expect(retention.statusCode, retention.body).toBe(200);
    const settings = await call('PUT', `${base}/settings`, 'second', {
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
      json<UserBusiness>(await call('GET', '/v2/businesses/user', 'member')).settings.userPilot.enabled,
    ).toBe(true);
    const unknown = await call('PUT', `${base}/settings`, 'admin', {
      userPilot: { enabled: true, extra: 1 },
    });
    expect(json(unknown)).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    const invalid = await call('PUT', `${base}/settings`, 'admin', { supportContact: { email: 'nope' } });
    expect(json(invalid)).toMatchObject({ statusCode: 400, field: 'body.supportContact.email' });
  });

  it('changes roles and removes members, always keeping an admin', async () => {
    const base = `/v1/businesses/${business.id}`;
    const promote = await call('POST', `${base}/change-to-admins`, 'admin', { user_ids: [ids.member] });
    expect(promote.statusCode, promote.body).toBe(204);
    expect(json<UserBusiness>(await call('GET', '/v2/businesses/user', 'member')).role).toBe('admin');
    const demote = await call('POST', `${base}/change-to-members`, 'second', {
      user_ids: [ids.member, ids.second],
    });
    expect(demote.statusCode).toBe(204);
    expect((await call('GET', `${base}/members`, 'second')).statusCode).toBe(403);

    const lastAdmin = await call('POST', `${base}/change-to-members`, 'admin', { user_ids: [ids.admin] });
    expect(json(lastAdmin)).toMatchObject({ statusCode: 409, code: 'LAST_ADMIN' });
    const removeLast = await call('POST', `${base}/remove-members`, 'admin', { user_ids: [ids.admin] });
    expect(json(removeLast)).toMatchObject({ statusCode: 409, code: 'LAST_ADMIN' });
    const stranger = await call('POST', `${base}/remove-members`, 'admin', { user_ids: [ids.rival] });
    expect(json(stranger)).toMatchObject({ statusCode: 400, code: 'NOT_A_MEMBER', field: 'user_ids' });
    expect(json<UserBusiness>(await call('GET', '/v2/businesses/user', 'rival')).id).toBe(other.id);

    const removed = await call('POST', `${base}/remove-members`, 'admin', { user_ids: [ids.second] });
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', '/v2/businesses/user', 'second')).statusCode).toBe(404);
    expect(json<User>(await call('GET', '/v1/user', 'second')).attributes.removed_from_business).toBe(true);
    expect((await call('GET', base, 'second')).statusCode).toBe(403);
  });

  it('creates seals and chooses who may sign with them', async () => {
    const base = `/v1/businesses/${business.id}/seals`;
    const created = await call('POST', base, 'admin', {
      accountName: 'Acme-Invoices',
      displayName: 'Acme Invoices',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(json<Seal>(created)).toMatchObject({
      accountName: 'acme-invoices',
      displayName: 'Acme Invoices',
      nApi: 0,
      nMembers: 0,
      members: [],
      hasImage: false,
    });
    const taken = await call('POST', `/v1/businesses/${other.id}/seals`, 'rival', {
      accountName: 'acme-invoices',
      displayName: 'Mine',
    });
    expect(json(taken)).toMatchObject({ statusCode: 409, code: 'SEAL_NAME_TAKEN', field: 'accountName' });
    const badName = await call('POST', base, 'admin', { accountName: 'a b', displayName: 'x' });
    expect(json(badName)).toMatchObject({ statusCode: 400, field: 'body.accountName' });

    const listed = (who: string) =>
      call('GET', base, who).then((r) => json<{ seals: SealSummary[] }>(r).seals);
    expect(await listed('member')).toEqual([
      expect.objectContaining({ accountName: 'acme-invoices', canUse: false }),
    ]);
    expect((await listed('admin'))[0]!.canUse).toBe(true);

    const added = await call('POST', `${base}/acme-invoices/members`, 'admin', { user_ids: [ids.member] });
    expect(added.statusCode, added.body).toBe(200);
    expect(json<Seal>(added)).toMatchObject({ nMembers: 1, members: [{ email: 'member@example.ch' }] });
    expect((await listed('member'))[0]).toMatchObject({ canUse: true, nMembers: 1 });
    const outsider = await call('POST', `${base}/acme-invoices/members`, 'admin', { user_ids: [ids.rival] });
    expect(json(outsider)).toMatchObject({ statusCode: 400, code: 'NOT_A_MEMBER' });

    const renamed = await call('PUT', `${base}/acme-invoices`, 'admin', { displayName: 'Acme Billing' });
    expect(json<Seal>(renamed).displayName).toBe('Acme Billing');
    expect(json<Seal>(await call('GET', `${base}/acme-invoices`, 'admin')).displayName).toBe('Acme Billing');

    // Another business's seal is not found under either business; members cannot manage seals.
    expect(json(await call('GET', `/v1/businesses/${other.id}/seals/acme-invoices`, 'rival'))).toMatchObject({
      statusCode: 404,
      code: 'SEAL_NOT_FOUND',
    });
    expect((await call('GET', `${base}/acme-invoices`, 'rival')).statusCode).toBe(404);
    expect(json(await call('GET', `${base}/acme-invoices`, 'member')).code).toBe('BUSINESS_ADMINS_ONLY');
    expect(json(await call('GET', `${base}/unknown-seal`, 'admin')).code).toBe('SEAL_NOT_FOUND');

    const removed = await call('DELETE', `${base}/acme-invoices/members/${ids.member}`, 'admin');
    expect(json<Seal>(removed)).toMatchObject({ nMembers: 0, members: [] });
    expect((await listed('member'))[0]!.canUse).toBe(false);

    const full = json<Business>(await call('GET', `/v1/businesses/${business.id}`, 'admin'));
    expect(full.seals.map((s) => s.accountName)).toEqual(['acme-invoices']);
  });

  it('lets end-to-end tests set the billing marker the web gates read (NODE_ENV=test only)', async () => {
    const set = await t.app.inject({
      method: 'POST',
      url: `/api/test/businesses/${business.id}/billing`,
      payload: { paymentMethod: 'NEEDS_PAYMENT_METHOD' },
    });
    expect(set.statusCode, set.body).toBe(204);
    expect(json<UserBusiness>(await call('GET', '/v2/businesses/user', 'member')).billing).toEqual({
      paymentMethod: 'NEEDS_PAYMENT_METHOD',
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/test/businesses/${business.id}/billing`,
      payload: { paymentMethod: 'TRIALING' },
    });
  });

  it('documents every call in the OpenAPI description', async () => {
    const spec = json<{ paths: Record<string, unknown> }>(
      await t.app.inject({ method: 'GET', url: '/api/openapi.json' }),
    );
    for (const path of [
      '/v2/businesses',
      '/v2/businesses/user',
      '/v1/businesses/{businessId}',
      '/v1/businesses/{businessId}/settings',
      '/v1/businesses/{businessId}/seals/{name}/members/{userId}',
      '/v2/businesses/{businessId}/invitations',
      '/v1/businesses/{businessId}/invitations/{invitationId}',
      '/v1/business-invitations/{secret}',
      '/v1/business-invitations/{secret}/accept',
      '/v1/business-invitations/{secret}/decline',
    ])
      expect(Object.keys(spec.paths)).toContain(path);
  });
});
