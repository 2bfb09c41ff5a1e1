import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiUser, ApiUserWithSecret } from '@signet/contracts/business-api-users';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { cast, useTestApp, visitorSignature, type TestBusiness } from '../../../test/factories.ts';
import {
  basicFor,
  deliveredMails,
  databaseKinds,
  json,
  samplePdf,
  visitorLink,
  type VisitorLink,
} from '../../../test/helpers.ts';

/**
 * A business's API users: the admins' calls (create with the secret shown once, list, describe,
 * reset, delete) and what the credentials do: act for the business on the request calls with
 * HTTP Basic, fail at once after a reset or delete, never pass as a visitor's link (nor the
 * reverse), and are throttled per API user.
 */
describe.each(databaseKinds)('business API users on %s', (kind) => {
  // Small enough for the throttle test to reach; the other tests use their own API users.
  const t = useTestApp(kind, {
    listen: true,
    env: { API_USER_RATE_LIMIT: '8' },
    users: cast('admin', 'member', 'rival', 'loner'),
  });
  const { admin, member, rival, loner } = t.users;
  let acme: TestBusiness;
  let rivalBusiness: TestBusiness;
  const apisOf = (business: TestBusiness) => `/v1/businesses/${business.id}/apis`;
  const as = (username: string, secret: string) => basicFor(username, secret);
  const create = async (username: string, description = '') => {
    const created = await t.call('POST', apisOf(acme), admin, { username, description });
    expect(created.statusCode, created.body).toBe(201);
    return json<ApiUserWithSecret>(created);
  };
  /** A draft with the sample PDF and one visitor, created by `caller`. */
  const draftBy = (caller: Record<string, string>, title = 'Contract') =>
    t.call('POST', '/v3/signature-requests', caller, {
      title,
      documents: [{ title: 'contract', content: samplePdf.toString('base64') }],
      signatures: [visitorSignature(t.email('visitor'), 'Vera', 'Visitor')],
    });

  beforeAll(async () => {
    acme = await t.business(admin, { name: 'Acme AG' });
    await t.member(acme, member);
    rivalBusiness = await t.business(rival, { name: 'Rival GmbH' });
  });

  it('an admin creates an API user and sees its secret once; the list never shows it', async () => {
    const created = await create('api-Backoffice'.toLowerCase(), 'The back office');
    expect(created).toMatchObject({
      username: 'api-backoffice',
      description: 'The back office',
      lastUsedAt: null,
    });
    expect(created.secret).toMatch(/^[\w-]{43}$/);
    const listed = json<{ apiUsers: ApiUser[] }>(await t.call('GET', apisOf(acme), admin)).apiUsers;
    const entry = listed.find((user) => user.username === 'api-backoffice');
    expect(entry).toEqual({
      username: 'api-backoffice',
      userId: created.userId,
      description: 'The back office',
      createdAt: created.createdAt,
      lastUsedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(created.secret);
  });

  it('refuses a username out of pattern or taken (by any business), naming the field', async () => {
    for (const username of ['backoffice', 'api-', 'api-ab', 'api-Has Space', `api-${'x'.repeat(41)}`, 42]) {
      const refused = await t.call('POST', apisOf(acme), admin, { username });
      expect(refused.statusCode, String(username)).toBe(400);
      expect(json(refused)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.username' });
    }
    const long = await t.call('POST', apisOf(acme), admin, {
      username: 'api-long',
      description: 'x'.repeat(201),
    });
    expect(json(long)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.description' });
    await create('api-taken');
    const again = await t.call('POST', apisOf(rivalBusiness), rival, { username: 'api-taken' });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({ code: 'API_USERNAME_TAKEN', field: 'username' });
  });

  it('is for the business admins only: members, other admins, loners, visitors and nobody are refused', async () => {
    const request = json<SignatureRequest>(await draftBy(admin.headers));
    await t.send(request, admin);
    const visitor = await visitorLink(t, request.signatures[0]!.email, request.id);
    const refusals: Array<[Record<string, string> | null, number, string]> = [
      [member.headers, 403, 'BUSINESS_ADMINS_ONLY'],
      [rival.headers, 404, 'NOT_FOUND'],
      [loner.headers, 403, 'BUSINESS_MEMBERS_ONLY'],
      [visitor.headers, 401, 'UNAUTHENTICATED'],
      [null, 401, 'UNAUTHENTICATED'],
    ];
    const calls: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
      ['GET', apisOf(acme)],
      ['POST', apisOf(acme), { username: 'api-intruder' }],
      ['PUT', `${apisOf(acme)}/api-backoffice`, { description: 'mine' }],
      ['PUT', `${apisOf(acme)}/api-backoffice/reset`],
      ['DELETE', `${apisOf(acme)}/api-backoffice`],
    ];
    for (const [caller, status, code] of refusals)
      for (const [method, url, body] of calls) {
        const refused = await t.call(method, url, caller, body);
        expect(refused.statusCode, `${method} ${url} ${code}`).toBe(status);
        expect(json(refused).code).toBe(code);
      }
    // An API user acts as a member would: never on the admins' calls.
    const robot = await create('api-no-admin');
    // (The admins' calls do not admit API users at all: their credentials are no session.)
    const own = await t.call('GET', apisOf(acme), as(robot.username, robot.secret));
    expect(own.statusCode).toBe(401);
  });

  it('an admin changes the description; an unknown API user is not found', async () => {
    await create('api-describe', 'before');
    const changed = await t.call('PUT', `${apisOf(acme)}/api-describe`, admin, { description: 'after' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(json<ApiUser>(changed).description).toBe('after');
    for (const [method, url] of [
      ['PUT', `${apisOf(acme)}/api-nobody`],
      ['PUT', `${apisOf(acme)}/api-nobody/reset`],
      ['DELETE', `${apisOf(acme)}/api-nobody`],
      // Another business's API user is not found either.
      ['DELETE', `${apisOf(rivalBusiness)}/api-describe`],
    ] as const) {
      const who = url.includes(rivalBusiness.id) ? rival : admin;
      const missing = await t.call(method, url, who, method === 'PUT' ? { description: 'x' } : undefined);
      expect(missing.statusCode, `${method} ${url}`).toBe(404);
      expect(json(missing).code).toBe('NOT_FOUND');
    }
  });

  it('an API user creates and sends a request with Basic auth, lists it, and downloads the signed PDF', async () => {
    const robot = await create('api-sender');
    const headers = as(robot.username, robot.secret);
    const created = await draftBy(headers, 'Sent by the API');
    expect(created.statusCode, created.body).toBe(201);
    const draft = json<SignatureRequest>(created);
    const sent = await t.call('POST', `/v3/signature-requests/${draft.id}/initiate`, headers);
    expect(sent.statusCode, sent.body).toBe(200);
    const listed = await t.call('GET', '/v3/signature-requests', headers);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.body).toContain(draft.id);
    // The admin's own list is the admin's: the API user's request is not mixed into it.
    expect((await t.call('GET', '/v3/signature-requests', admin)).body).not.toContain(draft.id);

    const visitor = await visitorLink(t, draft.signatures[0]!.email, draft.id);
    await t.sign(draft, visitor);
    const done = json<SignatureRequest>(await t.call('GET', `/v3/signature-requests/${draft.id}`, headers));
    expect(done.status_overall).toBe('SIGNED');
    const download = await t.call('GET', `/v3/documents/${done.documents[0]!.id}/download`, headers);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('application/pdf');
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(download.rawPayload.length).toBeGreaterThan(samplePdf.length);

    const entry = json<{ apiUsers: ApiUser[] }>(await t.call('GET', apisOf(acme), admin)).apiUsers.find(
      (user) => user.username === 'api-sender',
    );
    expect(entry?.lastUsedAt).not.toBeNull();
    // Signers see the business as the sender; its service account takes no password nor reset link.
    expect(done.owner).toMatchObject({ first_name: 'Acme AG', last_name: '', business_id: acme.id });
    // Its dashboard says the same of the owner as the request call (one SQL fragment reads both).
    const onDashboard = json<{ items: SignatureRequest[] }>(
      await t.call('GET', '/v3/signature-requests?filter=all', headers),
    ).items.find((item) => item.id === draft.id);
    expect(onDashboard?.owner).toEqual(done.owner);
    const login = await t.call('POST', '/v1/login', null, {
      email: done.owner.email,
      password: robot.secret,
    });
    expect(login.statusCode).toBe(401);
    const reset = await t.call('POST', '/v1/request-reset', null, { email: done.owner.email });
    expect(reset.statusCode).toBe(204);
    expect(await deliveredMails(t, done.owner.email)).toEqual([]);
    // Another business's admin does not see it.
    expect((await t.call('GET', `/v3/signature-requests/${draft.id}`, rival)).statusCode).toBe(404);
  });

  it('an admin gives an API user a seal: counted in nApi, not among the members; it seals with it, and only so', async () => {
    const robot = await create('api-sealer');
    const seal = await t.call('POST', `/v1/businesses/${acme.id}/seals`, admin, {
      accountName: 'acme-api-seal',
      displayName: 'Acme API seal',
    });
    expect(seal.statusCode, seal.body).toBe(201);
    const added = await t.call('POST', `/v1/businesses/${acme.id}/seals/acme-api-seal/members`, admin, {
      user_ids: [robot.userId, member.id],
    });
    expect(added.statusCode, added.body).toBe(200);
    const view = json<{ nApi: number; nMembers: number; members: Array<{ id: string }> }>(added);
    expect(view).toMatchObject({ nApi: 1, nMembers: 1 });
    expect(view.members.map((m) => m.id)).toEqual([member.id]);
    const listed = json<{ seals: Array<{ accountName: string; nApi: number; nMembers: number }> }>(
      await t.call('GET', `/v1/businesses/${acme.id}/seals`, admin),
    ).seals;
    expect(listed.find((s) => s.accountName === 'acme-api-seal')).toMatchObject({ nApi: 1, nMembers: 1 });
    // The API user seals a request of its own, on which its account is a signer.
    const headers = as(robot.username, robot.secret);
    const draft = json<SignatureRequest>(await draftBy(headers, 'Sealed by the API'));
    const self = await t.call('POST', `/v3/signature-requests/${draft.id}/signatures`, headers, {
      account_email: draft.owner.email,
    });
    expect(self.statusCode, self.body).toBe(200);
    expect((await t.call('POST', `/v3/signature-requests/${draft.id}/initiate`, headers)).statusCode).toBe(
      200,
    );
    const unsealed = await t.call('POST', '/v3/sign', headers, { signatureRequests: [{ id: draft.id }] });
    expect(json(unsealed)).toMatchObject({ code: 'SEAL_NOT_ALLOWED', field: 'sealAccountName' });
    const sealed = await t.call('POST', '/v3/sign', headers, {
      signatureRequests: [{ id: draft.id }],
      sealAccountName: 'acme-api-seal',
    });
    expect(sealed.statusCode, sealed.body).toBe(200);
    const after = json<SignatureRequest>(await t.call('GET', `/v3/signature-requests/${draft.id}`, headers));
    expect(after.signature_status).toBe('SIGNED');
    // Another business's API user is no member of this one.
    const theirs = json<ApiUserWithSecret>(
      await t.call('POST', apisOf(rivalBusiness), rival, { username: 'api-rival-sealer' }),
    );
    const refused = await t.call('POST', `/v1/businesses/${acme.id}/seals/acme-api-seal/members`, admin, {
      user_ids: [theirs.userId],
    });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).code).toBe('NOT_A_MEMBER');
  });

  it('a wrong secret, a reset secret and a deleted API user get the same 401', async () => {
    const robot = await create('api-rotating');
    const list = (headers: Record<string, string>) => t.call('GET', '/v3/signature-requests', headers);
    expect((await list(as(robot.username, robot.secret))).statusCode).toBe(200);
    const wrong = await list(as(robot.username, `${robot.secret.slice(0, -1)}x`));
    expect(wrong.statusCode).toBe(401);
    const unknown = await list(as('api-never-made', robot.secret));
    expect(json(unknown)).toEqual(json(wrong));

    const reset = await t.call('PUT', `${apisOf(acme)}/api-rotating/reset`, admin);
    expect(reset.statusCode, reset.body).toBe(200);
    const renewed = json<ApiUserWithSecret>(reset);
    expect(renewed.secret).not.toBe(robot.secret);
    expect((await list(as(robot.username, robot.secret))).statusCode).toBe(401);
    expect((await list(as(robot.username, renewed.secret))).statusCode).toBe(200);

    expect((await t.call('DELETE', `${apisOf(acme)}/api-rotating`, admin)).statusCode).toBe(204);
    expect((await list(as(robot.username, renewed.secret))).statusCode).toBe(401);
    const listed = json<{ apiUsers: ApiUser[] }>(await t.call('GET', apisOf(acme), admin)).apiUsers;
    expect(listed.map((user) => user.username)).not.toContain('api-rotating');
  });

  it("API credentials open only the calls that admit API users; a visitor's link never passes as one, nor the reverse", async () => {
    const robot = await create('api-bounded');
    const headers = as(robot.username, robot.secret);
    // Calls without the API-user mark: the account's own settings, the direct-sign calls.
    expect((await t.call('GET', '/v1/user', headers)).statusCode).toBe(401);
    const request = json<SignatureRequest>(await draftBy(headers));
    expect((await t.call('POST', `/v3/signature-requests/${request.id}/initiate`, headers)).statusCode).toBe(
      200,
    );
    const visitor: VisitorLink = await visitorLink(t, request.signatures[0]!.email, request.id);
    expect((await t.call('GET', `/v3/direct/signature-requests/${request.id}`, headers)).statusCode).toBe(
      401,
    );
    expect((await t.call('GET', `/v3/direct/signature-requests/${request.id}`, visitor)).statusCode).toBe(
      200,
    );
    // The visitor's Basic pair on a call that admits API users is no API user's.
    expect((await t.call('GET', '/v3/signature-requests', visitor)).statusCode).toBe(401);
    expect((await t.call('GET', `/v3/signature-requests/${request.id}`, visitor)).statusCode).toBe(401);
    // An API user's name with the visitor's secret, and the visitor's id with the API user's secret.
    expect(
      (await t.call('GET', '/v3/signature-requests', as(robot.username, visitor.secret))).statusCode,
    ).toBe(401);
    expect(
      (await t.call('GET', `/v3/direct/signature-requests/${request.id}`, as(visitor.sid, robot.secret)))
        .statusCode,
    ).toBe(401);
  });

  it('throttles each API user with 429 and Retry-After; another API user is not held up', async () => {
    const busy = await create('api-busy');
    const calm = await create('api-calm');
    const list = (user: ApiUserWithSecret) =>
      t.call('GET', '/v3/signature-requests', as(user.username, user.secret));
    for (let n = 0; n < 8; n += 1) expect((await list(busy)).statusCode).toBe(200);
    const refused = await list(busy);
    expect(refused.statusCode).toBe(429);
    expect(json(refused).code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await list(calm)).statusCode).toBe(200);
    // Counted per client address too: a stranger who knows the username cannot hold up the API
    // user's own systems (app.inject lets the test call from another address).
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/api/v3/signature-requests',
      headers: as(busy.username, busy.secret),
      remoteAddress: '192.0.2.7',
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('the OpenAPI document lists the API-user scheme on the calls that admit API users only', async () => {
    const document = json<{ paths: Record<string, Record<string, { security?: unknown[] }>> }>(
      await t.app.inject({ method: 'GET', url: '/api/openapi.json' }),
    );
    expect(document.paths['/v3/signature-requests']?.post?.security).toEqual([
      { bearer: [] },
      { apiUser: [] },
      { apiUserToken: [] },
    ]);
    expect(document.paths['/v3/documents/{id}/download']?.get?.security).toContainEqual({ apiUser: [] });
    expect(document.paths['/v1/user']?.get?.security).toEqual([{ bearer: [] }]);
  });
});
