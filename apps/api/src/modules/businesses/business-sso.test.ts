import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { IdentityProviderView } from '@signet/contracts/business-sso';
import { eidLogins } from '../../db/schema/eid.ts';
import { users } from '../../db/schema/accounts.ts';
import { businessIdentityProviders } from '../../db/schema/businesses.ts';
import { hashToken } from '../../plugins/auth.ts';
import { startLoopbackDns, type LoopbackDns } from '../../../test/dns-server.ts';
import { cast, useTestApp, type TestBusiness } from '../../../test/factories.ts';
import { databaseKinds, json } from '../../../test/helpers.ts';
import { loginAtSandboxProvider } from '../../../test/sandbox-idp-login.ts';

/**
 * Single sign-on against a real OpenID Connect provider on loopback (the sandbox's company
 * directory, `oidc-provider`): an admin sets it up for the business's verified domain, people of
 * that domain log in through it (a new account, or their existing one) and become members; every
 * way the answer can be wrong (state, replayed code, nonce, an address of another domain, the
 * provider switched off) ends on the SSO error page with no account made.
 */
describe.each(databaseKinds)('single sign-on on %s', (kind) => {
  let dns: LoopbackDns;
  const logs = new PassThrough();
  let logText = '';
  logs.on('data', (chunk: Buffer) => (logText += chunk.toString()));
  const env: Record<string, string> = { LOG_LEVEL: 'info' };
  beforeAll(async () => {
    dns = await startLoopbackDns();
    env.DNS_SERVERS = dns.address;
  });
  afterAll(() => dns.close());
  const t = useTestApp(kind, {
    env,
    listen: true,
    overrides: { logStream: logs },
    users: cast('admin', 'member', 'rival'),
  });
  const { admin, member, rival } = t.users;
  const domain = 'acme-sso.ch';
  let acme: TestBusiness;
  let client: { client_id: string; client_secret: string };
  const settingsUrl = () => `/v1/businesses/${acme.id}/identity-provider`;
  const issuer = () => `${t.config.trustServicesUrl}/directory`;
  const callbackUri = () => `${t.config.publicUrl}/api/v1/sso/callback`;
  const cookieOf = (response: { headers: Record<string, unknown> }) =>
    String(response.headers['set-cookie'] ?? '').split(';')[0]!;

  beforeAll(async () => {
    acme = await t.business(admin, { name: 'Acme SSO AG' });
    await t.member(acme, member);
    const claim = json<{ txtRecord: { name: string; value: string } }>(
      await t.call('POST', `/v1/businesses/${acme.id}/domains`, admin, { domain }),
    );
    dns.zone.set(claim.txtRecord.name, [claim.txtRecord.value]);
    expect(
      (await t.call('POST', `/v1/businesses/${acme.id}/domains/${domain}/verify`, admin)).statusCode,
    ).toBe(200);
    // The admin registers Signet at the directory, as at their own provider.
    const registered = await fetch(`${issuer()}/reg`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: [callbackUri()], client_name: 'Signet' }),
    });
    expect(registered.status).toBe(201);
    client = (await registered.json()) as typeof client;
  });

  const configure = (body: Record<string, unknown>) => t.call('PUT', settingsUrl(), admin, body);
  const setUp = () =>
    configure({
      issuer: issuer(),
      clientId: client.client_id,
      clientSecret: client.client_secret,
      enabled: true,
    });

  /** Starts a login for `email`: the authorization URL and the browser's login cookie. */
  async function start(email: string): Promise<{ url: string; cookie: string }> {
    const started = await t.call('POST', '/v1/identity_providers', null, { email });
    expect(started.statusCode).toBe(200);
    const url = json<{ url: string | null }>(started).url;
    expect(url).toBeTruthy();
    return { url: url!, cookie: cookieOf(started) };
  }
  const callback = (answer: Record<string, string>, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/sso/callback?${new URLSearchParams(answer)}`,
      headers: cookie ? { cookie } : {},
    });
  const takeSession = (cookie: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/sso/session', headers: { cookie } });
  const person = (email: string) => ({ action: 'login', email, givenName: 'Ines', familyName: 'Innes' });
  const accountOf = async (email: string) =>
    (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

  it('shows the redirect URI and refuses settings it cannot use, naming the field', async () => {
    const empty = await t.call('GET', settingsUrl(), admin);
    expect(json<IdentityProviderView>(empty)).toEqual({
      redirectUri: callbackUri(),
      scopes: 'openid email profile',
      domains: [domain],
      provider: null,
    });
    const noDiscovery = await configure({
      issuer: `${t.config.publicUrl}/sandbox/nowhere`,
      clientId: 'x',
      clientSecret: 'y',
      enabled: true,
    });
    expect(noDiscovery.statusCode).toBe(400);
    expect(json(noDiscovery)).toMatchObject({ code: 'IDENTITY_PROVIDER_UNUSABLE', field: 'issuer' });
    const noSecret = await configure({ issuer: issuer(), clientId: client.client_id, enabled: true });
    expect(json(noSecret)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'clientSecret' });
    const notUrl = await configure({ issuer: 'ftp://x', clientId: 'x', clientSecret: 'y', enabled: true });
    expect(json(notUrl)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.issuer' });
    expect((await t.call('GET', settingsUrl(), admin)).json().provider).toBeNull();
  });

  it("refuses an issuer on Signet's own network before asking it anything", async () => {
    // A provider that would answer: only the address is wrong (loopback, not the embedded sandbox).
    let asked = 0;
    const inside = createServer((_request, response) => {
      asked += 1;
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
    const { port } = inside.address() as AddressInfo;
    try {
      const refused = await configure({
        issuer: `http://127.0.0.1:${port}/idp`,
        clientId: 'x',
        clientSecret: 'y',
        enabled: true,
      });
      expect(json(refused)).toMatchObject({ code: 'IDENTITY_PROVIDER_UNUSABLE', field: 'issuer' });
      expect(asked).toBe(0);
    } finally {
      await new Promise((resolve) => inside.close(resolve));
    }
  });

  it('keeps the client secret sealed and never shows it; only admins see or change the settings', async () => {
    const saved = await setUp();
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json<IdentityProviderView>(saved).provider).toMatchObject({
      issuer: issuer(),
      clientId: client.client_id,
      enabled: true,
      hasClientSecret: true,
    });
    expect(saved.body).not.toContain(client.client_secret);
    // Left out, the stored secret stays (the form never has it again).
    const renamed = await configure({ issuer: issuer(), clientId: client.client_id, enabled: true });
    expect(renamed.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(businessIdentityProviders)
      .where(eq(businessIdentityProviders.businessId, acme.id));
    expect(row!.clientSecretSealed).not.toContain(client.client_secret);
    expect((await t.call('GET', settingsUrl(), admin)).body).not.toContain(client.client_secret);
    expect(json(await t.call('GET', settingsUrl(), member))).toMatchObject({ code: 'BUSINESS_ADMINS_ONLY' });
    expect(json(await setUpAs(member))).toMatchObject({ code: 'BUSINESS_ADMINS_ONLY' });
    // Somebody of no business: the permission matrix has another business's admin too.
    expect(json(await t.call('GET', settingsUrl(), rival))).toMatchObject({ code: 'BUSINESS_MEMBERS_ONLY' });
  });
  const setUpAs = (as: typeof member) =>
    t.call('PUT', settingsUrl(), as, { issuer: issuer(), clientId: 'x', clientSecret: 'y', enabled: true });

  it('answers with the authorization URL (PKCE S256, state, nonce) for the verified domain only', async () => {
    expect(json(await t.call('POST', '/v1/identity_providers', null, { email: 'x@elsewhere.ch' }))).toEqual({
      url: null,
    });
    const started = await t.call('POST', '/v1/identity_providers', null, { email: `Someone@${domain}` });
    const url = new URL(json<{ url: string }>(started).url);
    expect(url.href.startsWith(`${issuer()}/`)).toBe(true);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('redirect_uri')).toBe(callbackUri());
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const cookie = String(started.headers['set-cookie']);
    expect(cookie).toContain(`signet_sso=${url.searchParams.get('state')}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toContain('Path=/api/v1/sso');
  });

  it('makes a new account in the business, hands its session over once, and refuses a replay', async () => {
    const email = `ines@${domain}`;
    const { url, cookie } = await start(email);
    const answer = await loginAtSandboxProvider(url, person(email));
    const back = await callback(answer, cookie);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe('/login?sso=done');

    const session = await takeSession(cookie);
    expect(session.statusCode, session.body).toBe(200);
    const headers = { authorization: `Bearer ${json<{ value: string }>(session).value}` };
    const user = json(await t.call('GET', '/v1/user', { headers }));
    expect(user).toMatchObject({
      email,
      emailVerified: true,
      firstName: 'Ines',
      lastName: 'Innes',
      hasSso: true,
      attributes: { accepted_gtc: false },
    });
    const business = json(await t.call('GET', '/v2/businesses/user', { headers }));
    expect(business).toMatchObject({ id: acme.id, role: 'member' });
    // The session is handed over once.
    expect(json(await takeSession(cookie))).toMatchObject({ code: 'SSO_LOGIN_INVALID' });

    // The same answer again: its state was used.
    const replay = await callback(answer, cookie);
    expect(replay.headers.location).toBe('/sso/error?reason=state');
    // The same code with a fresh login's state: the provider refuses a code it issued already.
    const fresh = await start(email);
    const state = new URL(fresh.url).searchParams.get('state')!;
    const replayedCode = await callback({ ...answer, state }, fresh.cookie);
    expect(replayedCode.headers.location).toBe('/sso/error?reason=provider');
  });

  it('signs an existing account in and makes it a member', async () => {
    const existing = await t.user({ email: `olaf@${domain}`, firstName: 'Olaf', lastName: 'Old' });
    const { url, cookie } = await start(existing.email);
    const back = await callback(await loginAtSandboxProvider(url, person(existing.email)), cookie);
    expect(back.headers.location).toBe('/login?sso=done');
    const headers = { authorization: `Bearer ${json<{ value: string }>(await takeSession(cookie)).value}` };
    const user = json(await t.call('GET', '/v1/user', { headers }));
    // The account's own name stays; it signs in through single sign-on from now on.
    expect(user).toMatchObject({ id: existing.id, firstName: 'Olaf', hasSso: true });
    expect(json(await t.call('GET', '/v2/businesses/user', { headers }))).toMatchObject({ id: acme.id });
  });

  it('refuses an answer for another browser, a wrong nonce and an address outside the domains; no account', async () => {
    const email = `mallory@${domain}`;
    const first = await start(email);
    const answer = await loginAtSandboxProvider(first.url, person(email));
    // Another browser (its own login cookie, or none) cannot use this answer.
    const other = await start(email);
    expect((await callback(answer, other.cookie)).headers.location).toBe('/sso/error?reason=state');
    expect((await callback(answer)).headers.location).toBe('/sso/error?reason=state');

    // The nonce Signet kept no longer matches the one in the ID token.
    const nonced = await start(email);
    const nonceAnswer = await loginAtSandboxProvider(nonced.url, person(email));
    await t.database.db
      .update(eidLogins)
      .set({ nonce: 'a-nonce-the-provider-never-saw' })
      .where(eq(eidLogins.stateHash, hashToken(nonceAnswer.state!)));
    expect((await callback(nonceAnswer, nonced.cookie)).headers.location).toBe('/sso/error?reason=token');

    // The directory vouches for an address of a domain the business has not verified.
    const outside = await start(`someone@${domain}`);
    const outsideAnswer = await loginAtSandboxProvider(outside.url, person('intruder@elsewhere.ch'));
    const company = await callback(outsideAnswer, outside.cookie);
    expect(company.headers.location).toBe('/sso/error/company');
    expect(String(company.headers['set-cookie'])).toContain('Max-Age=0');
    expect(json(await takeSession(outside.cookie))).toMatchObject({ code: 'SSO_LOGIN_INVALID' });

    // A cancelled login.
    const cancelled = await start(email);
    const cancelAnswer = await loginAtSandboxProvider(cancelled.url, 'cancel');
    expect((await callback(cancelAnswer, cancelled.cookie)).headers.location).toBe(
      '/sso/error?reason=cancelled',
    );

    expect(await accountOf(email)).toBeUndefined();
    expect(await accountOf('intruder@elsewhere.ch')).toBeUndefined();
  });

  it('a provider switched off starts no login and finishes none started before', async () => {
    const email = `late@${domain}`;
    const { url, cookie } = await start(email);
    const answer = await loginAtSandboxProvider(url, person(email));
    const off = await configure({ issuer: issuer(), clientId: client.client_id, enabled: false });
    expect(json<IdentityProviderView>(off).provider?.enabled).toBe(false);
    expect(json(await t.call('POST', '/v1/identity_providers', null, { email }))).toEqual({ url: null });
    expect((await callback(answer, cookie)).headers.location).toBe('/sso/error?reason=disabled');
    expect(await accountOf(email)).toBeUndefined();

    expect((await t.call('DELETE', settingsUrl(), admin)).statusCode).toBe(204);
    expect(json(await t.call('DELETE', settingsUrl(), admin))).toMatchObject({ code: 'NOT_FOUND' });
    expect(json(await t.call('GET', settingsUrl(), admin)).provider).toBeNull();
  });

  it('never writes the client secret or a login code to the log', () => {
    expect(logText.length).toBeGreaterThan(0);
    expect(logText).not.toContain(client.client_secret);
    expect(logText).toContain('/api/v1/sso/callback?');
    expect(logText).not.toMatch(/sso\/callback\?[^"]*code=(?!\[redacted\])/);
  });
});
