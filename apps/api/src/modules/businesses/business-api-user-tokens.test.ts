import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiUserTokenResponse, ApiUserWithSecret } from '@signet/contracts/business-api-users';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { cast, useTestApp, visitorSignature, type TestBusiness } from '../../../test/factories.ts';
import { apiUserTokens } from '../../db/schema/businesses.ts';
import { hashToken } from '../../plugins/auth.ts';
import { basicFor, bearer, databaseKinds, json, samplePdf } from '../../../test/helpers.ts';

/**
 * An API user's bearer token (POST /v1/login with its Basic credentials and no body): it opens
 * the calls the Basic pair opens and nothing else, lasts 15 minutes, gives no new token, is kept
 * hashed, and ends when the secret is reset or the API user deleted.
 */
describe.each(databaseKinds)('API user tokens on %s', (kind) => {
  const t = useTestApp(kind, { users: cast('admin', 'rival') });
  const { admin, rival } = t.users;
  let acme: TestBusiness;
  const apisOf = (business: TestBusiness) => `/v1/businesses/${business.id}/apis`;
  const create = async (username: string) => {
    const created = await t.call('POST', apisOf(acme), admin, { username });
    expect(created.statusCode, created.body).toBe(201);
    return json<ApiUserWithSecret>(created);
  };
  const exchange = (robot: { username: string; secret: string }) =>
    t.call('POST', '/v1/login', basicFor(robot.username, robot.secret));
  const tokenOf = async (robot: ApiUserWithSecret) => {
    const answer = await exchange(robot);
    expect(answer.statusCode, answer.body).toBe(200);
    return json<ApiUserTokenResponse>(answer).access_token;
  };
  const list = (headers: Record<string, string>) => t.call('GET', '/v3/signature-requests', headers);

  beforeAll(async () => {
    acme = await t.business(admin, { name: 'Acme AG' });
  });

  it('exchanges the Basic pair for a 15-minute token that creates, sends and lists requests', async () => {
    const robot = await create('api-token-user');
    const before = t.clock.now().getTime();
    const answer = await exchange(robot);
    expect(answer.statusCode, answer.body).toBe(200);
    const token = json<ApiUserTokenResponse>(answer);
    expect(token).toEqual({
      access_token: expect.stringMatching(/^[\w-]{43}$/),
      token_type: 'Bearer',
      expires_in: 900,
      expiration: expect.any(String),
    });
    const lifetime = Date.parse(token.expiration) - before;
    expect(lifetime).toBeGreaterThanOrEqual(900_000);
    expect(lifetime).toBeLessThan(905_000);
    // Only its hash is kept.
    const stored = await t.database.db.select().from(apiUserTokens);
    expect(stored.map((row) => row.tokenHash)).toContain(hashToken(token.access_token));
    expect(JSON.stringify(stored)).not.toContain(token.access_token);

    const headers = bearer(token.access_token);
    const created = await t.call('POST', '/v3/signature-requests', headers, {
      title: 'By token',
      documents: [{ title: 'contract', content: samplePdf.toString('base64') }],
      signatures: [visitorSignature(t.email('visitor'), 'Vera', 'Visitor')],
    });
    expect(created.statusCode, created.body).toBe(201);
    const draft = json<SignatureRequest>(created);
    // The token acts as the Basic pair does: through the API user's service account.
    expect(draft.owner).toMatchObject({ first_name: 'Acme AG', business_id: acme.id });
    const sent = await t.call('POST', `/v3/signature-requests/${draft.id}/initiate`, headers);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await list(headers)).body).toContain(draft.id);
    expect((await list(basicFor(robot.username, robot.secret))).body).toContain(draft.id);

    // Still good shortly before it expires, refused after.
    t.clock.advance(Date.parse(token.expiration) - t.clock.now().getTime() - 5_000);
    expect((await list(headers)).statusCode).toBe(200);
    t.clock.advance(5_000);
    const expired = await list(headers);
    expect(expired.statusCode).toBe(401);
    expect(json(expired).code).toBe('UNAUTHENTICATED');
  });

  it('wrong credentials get the same 401, whichever part was wrong', async () => {
    const robot = await create('api-token-guess');
    const wrongSecret = await exchange({ username: robot.username, secret: `${robot.secret.slice(0, -1)}x` });
    const wrongName = await exchange({ username: 'api-token-nobody', secret: robot.secret });
    expect(wrongSecret.statusCode).toBe(401);
    expect(json(wrongName)).toEqual(json(wrongSecret));
    expect(json(wrongSecret).message).not.toMatch(/secret|username|name/i);
    // A made-up token is no session and no API user's token.
    expect((await list(bearer('x'.repeat(43)))).statusCode).toBe(401);
  });

  it('opens only the calls that admit API users, and gives no new token for a token', async () => {
    const robot = await create('api-token-bounded');
    const headers = bearer(await tokenOf(robot));
    expect((await t.call('GET', '/v1/user', headers)).statusCode).toBe(401);
    expect((await t.call('GET', apisOf(acme), headers)).statusCode).toBe(401);
    // The business's admin calls stay closed (as for its Basic pair).
    expect((await t.call('GET', `/v1/businesses/${acme.id}/settings`, headers)).statusCode).toBe(401);
    const again = await t.call('POST', '/v1/login', headers);
    expect(again.statusCode).toBe(401);
    expect(json(again).code).toBe('UNAUTHENTICATED');
    // A person's sign-in is unchanged, and an empty sign-in names what is missing.
    const person = await t.call('POST', '/v1/login', null, { email: admin.email, password: admin.password });
    expect(person.statusCode).toBe(200);
    expect(json(person)).toHaveProperty('deviceToken');
    const empty = await t.call('POST', '/v1/login', null);
    expect(empty.statusCode).toBe(400);
    expect(json(empty)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body' });
  });

  it('a reset secret ends the tokens taken with the old one; deleting the API user ends its tokens', async () => {
    const robot = await create('api-token-reset');
    const old = bearer(await tokenOf(robot));
    const reset = await t.call('PUT', `${apisOf(acme)}/api-token-reset/reset`, admin);
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await list(old)).statusCode).toBe(401);
    const renewed = json<ApiUserWithSecret>(reset);
    const fresh = bearer(await tokenOf(renewed));
    expect((await list(fresh)).statusCode).toBe(200);

    expect((await t.call('DELETE', `${apisOf(acme)}/api-token-reset`, admin)).statusCode).toBe(204);
    expect((await list(fresh)).statusCode).toBe(401);
  });

  it("another business's API user's token reaches nothing of this business", async () => {
    const robot = await create('api-token-owner');
    const request = json<SignatureRequest>(
      await t.call('POST', '/v3/signature-requests', basicFor(robot.username, robot.secret), {
        title: 'Mine',
        documents: [{ title: 'contract', content: samplePdf.toString('base64') }],
      }),
    );
    const rivalBusiness = await t.business(rival, { name: 'Rival GmbH' });
    const theirs = json<ApiUserWithSecret>(
      await t.call('POST', apisOf(rivalBusiness), rival, { username: 'api-token-rival' }),
    );
    const headers = bearer(await tokenOf(theirs));
    const read = await t.call('GET', `/v3/signature-requests/${request.id}`, headers);
    expect(read.statusCode).toBe(404);
    expect(json(read).code).toBe('NOT_FOUND');
    expect((await list(headers)).body).not.toContain(request.id);
  });

  it('the OpenAPI document offers the token scheme beside the Basic pair, and the pair on the exchange', async () => {
    const document = json<{
      paths: Record<string, Record<string, { security?: unknown[] }>>;
      components: { securitySchemes: Record<string, { scheme: string }> };
    }>(await t.app.inject({ method: 'GET', url: '/api/openapi.json' }));
    expect(document.components.securitySchemes.apiUserToken).toMatchObject({ scheme: 'bearer' });
    expect(document.paths['/v3/signature-requests']?.get?.security).toEqual([
      { bearer: [] },
      { apiUser: [] },
      { apiUserToken: [] },
    ]);
    expect(document.paths['/v1/login']?.post?.security).toEqual([{}, { apiUser: [] }]);
  });
});
