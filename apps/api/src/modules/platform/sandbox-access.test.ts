import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, json, strongPassword } from '../../../test/helpers.ts';
import { useTestApp } from '../../../test/factories.ts';
import { sandboxAccessSecret } from '../../sandbox-access-secret.ts';

/** A caller on another machine (TEST-NET-3): what anyone on the internet looks like. */
const remote = '203.0.113.7';
const secretHeader = 'x-sandbox-access-secret';

/** The sandbox routes that anyone must reach: validators and relying parties fetch these. */
const protocolRoutes = [
  'POST /sandbox/tsa',
  'POST /sandbox/ocsp',
  'GET /sandbox/ocsp/*',
  'GET /sandbox/crl/:file',
  'GET /sandbox/ca/:file',
  'GET /sandbox/trust-list.pem',
  // ID Austria and the company directory (OpenID Connect): discovery, keys, authorization, token,
  // the directory's client registration; the relying party and the person's browser reach these
  // from anywhere, and oidc-provider answers each method itself.
  ...['id-austria', 'directory'].flatMap((provider) => [
    ...['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'QUERY', 'TRACE'].map(
      (m) => `${m} /sandbox/${provider}/*`,
    ),
    `GET /sandbox/${provider}/login/:uid`,
    `POST /sandbox/${provider}/login/:uid`,
  ]),
  // The person's identification page: reached through the link with its page token.
  'GET /sandbox/ident/sessions/:id/:token',
  'POST /sandbox/ident/sessions/:id/:token',
  // The payer's pages (3-D Secure, portal, invoices): reached through links with their own token.
  'GET /sandbox/payments/pages/authenticate/:id/:token',
  'POST /sandbox/payments/pages/authenticate/:id/:token',
  'GET /sandbox/payments/pages/portal/:id/:token',
  'GET /sandbox/payments/pages/invoices/:id/:token',
  'GET /sandbox/payments/pages/invoices/:id/:token/pdf',
  'GET /sandbox/payments/chargebee/portal/:id/:token',
];
/** Chargebee's portal sessions API: the site's API key (HTTP Basic), as Chargebee asks it. */
const chargebeeClientRoutes = ['POST /sandbox/payments/chargebee/api/v2/portal_sessions'];
/** The payments API (Stripe's REST API): Signet's secret key, as Stripe asks it. */
const paymentsClientRoutes = [
  ...['POST /v1/customers', 'GET /v1/customers', 'GET /v1/customers/:id', 'POST /v1/customers/:id'],
  ...['DELETE /v1/customers/:id', 'GET /v1/customers/:id/payment_methods'],
  ...['POST /v1/payment_methods', 'GET /v1/payment_methods', 'GET /v1/payment_methods/:id'],
  ...['POST /v1/payment_methods/:id/attach', 'POST /v1/payment_methods/:id/detach'],
  ...['POST /v1/setup_intents', 'GET /v1/setup_intents', 'GET /v1/setup_intents/:id'],
  ...['POST /v1/setup_intents/:id/confirm', 'POST /v1/setup_intents/:id/cancel'],
  ...['POST /v1/products', 'GET /v1/products', 'GET /v1/products/:id'],
  ...['POST /v1/prices', 'GET /v1/prices', 'GET /v1/prices/:id', 'POST /v1/prices/:id'],
  ...['POST /v1/subscriptions', 'GET /v1/subscriptions', 'GET /v1/subscriptions/:id'],
  ...['POST /v1/subscriptions/:id', 'DELETE /v1/subscriptions/:id'],
  ...[
    'POST /v1/invoices/create_preview',
    'GET /v1/invoices',
    'GET /v1/invoices/:id',
    'POST /v1/invoices/:id/pay',
  ],
  ...['POST /v1/coupons', 'GET /v1/coupons', 'GET /v1/coupons/:id', 'DELETE /v1/coupons/:id'],
  ...['POST /v1/promotion_codes', 'GET /v1/promotion_codes', 'GET /v1/promotion_codes/:id'],
  ...['POST /v1/billing_portal/sessions', 'GET /v1/events', 'GET /v1/events/:id'],
].map((route) => route.replace(' /v1/', ' /sandbox/payments/v1/'));
/** The identification providers' client API: Signet's bearer token, as a real provider asks it. */
const identClientRoutes = [
  'POST /sandbox/ident/:provider/v1/sessions',
  'GET /sandbox/ident/:provider/v1/sessions/:id',
  'POST /sandbox/ident/:provider/v1/sessions/:id/cancel',
];
/** The QTSP's Mobile ID registrations: its client token too, like the CSC calls. */
const mobileIdClientRoutes = [
  'PUT /sandbox/mobile-id/v1/registrations/:userID',
  'GET /sandbox/mobile-id/v1/registrations/:userID',
  'DELETE /sandbox/mobile-id/v1/registrations/:userID',
];
/** Every outbox and control route: nobody but this machine without the secret. */
const guardedRoutes = [
  'GET /sandbox/mail.json',
  'GET /sandbox/mail',
  'GET /sandbox/sms',
  'GET /sandbox/sms.json',
  // The phone app's stand-in: an approval there releases a qualified signature.
  'GET /sandbox/mobile-id',
  'GET /sandbox/mobile-id.json',
  'POST /sandbox/mobile-id/decisions',
  'GET /sandbox/control',
  'POST /sandbox/control/clock',
  'DELETE /sandbox/control/clock',
  'POST /sandbox/control/faults',
  'DELETE /sandbox/control/faults',
  'POST /sandbox/control/revocations',
  // The payments sandbox's clock: moving it runs trial ends and renewals.
  'GET /sandbox/payments/test/clock',
  'POST /sandbox/payments/test/clock/advance',
];
/** Bodies that would change the sandbox if the guard let them through. */
const bodies: Record<string, object> = {
  'POST /sandbox/payments/test/clock/advance': { seconds: 86_400 },
  'POST /sandbox/control/clock': { offsetMs: 3_600_000 },
  'POST /sandbox/control/faults': { tsaDown: true },
  'POST /sandbox/control/revocations': { serialNumber: '01' },
};

describe.each(databaseKinds)('sandbox access on %s', (kind) => {
  const t = useTestApp(kind);
  let secret: string;
  beforeAll(async () => {
    secret = sandboxAccessSecret(t.config);
    await t.call('POST', '/v1/request-confirmation', null, { email: 'newcomer@example.ch' });
    await t.app.jobs.drain();
  });

  const call = (route: string, headers: Record<string, string> = {}, remoteAddress = remote) => {
    const [method, url] = route.split(' ') as [string, string];
    const body = bodies[route];
    return t.app.inject({
      method: method as 'GET',
      url,
      remoteAddress,
      headers,
      ...(body ? { payload: body } : {}),
    });
  };
  const sandboxState = async () => {
    const state = json<{ clock: { offsetMs: number; fixed: string | null }; faults: object }>(
      await t.app.inject({ method: 'GET', url: '/sandbox/control' }),
    );
    return { offsetMs: state.clock.offsetMs, fixed: state.clock.fixed, faults: state.faults };
  };

  it('knows every sandbox route as public protocol, client-token CSC, or guarded', () => {
    const sandbox = t.app.routeTable
      .filter((r) => r.url.startsWith('/sandbox') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    const csc = sandbox.filter((r) => /^\w+ \/sandbox\/(csc|ra)\//.test(r));
    const rest = sandbox.filter((r) => !csc.includes(r) && r !== 'POST /sandbox/access');
    expect(rest.sort()).toEqual(
      [
        ...protocolRoutes,
        ...identClientRoutes,
        ...mobileIdClientRoutes,
        ...paymentsClientRoutes,
        ...chargebeeClientRoutes,
        ...guardedRoutes,
      ].sort(),
    );
  });

  it("refuses the payments API without the secret key, in Stripe's error shape", async () => {
    for (const route of paymentsClientRoutes) {
      const [method, url] = route.split(' ') as [string, string];
      const concrete = url.replace(':id', 'cus_any');
      for (const headers of [{}, { authorization: 'Bearer sk_test_guessed' }]) {
        const response = await t.app.inject({
          method: method as 'GET',
          url: concrete,
          remoteAddress: remote,
          headers,
        });
        expect(response.statusCode, route).toBe(401);
        expect(json<{ error: { type: string } }>(response).error.type, route).toBe('invalid_request_error');
      }
    }
  });

  it("refuses Chargebee's portal sessions API without the site's API key", async () => {
    for (const route of chargebeeClientRoutes) {
      const [method, url] = route.split(' ') as [string, string];
      for (const headers of [{}, { authorization: `Basic ${Buffer.from('guessed:').toString('base64')}` }]) {
        const response = await t.app.inject({
          method: method as 'POST',
          url,
          remoteAddress: remote,
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'customer[id]=any',
        });
        expect(response.statusCode, route).toBe(401);
      }
    }
  });

  it('refuses the identification and Mobile ID client APIs without the client token', async () => {
    for (const route of [...identClientRoutes, ...mobileIdClientRoutes]) {
      const [method, url] = route.split(' ') as [string, string];
      const concrete = url
        .replace(':provider', 'srs')
        .replace(':id', 'any-session')
        .replace(':userID', 'user:any');
      const response = await t.app.inject({ method: method as 'GET', url: concrete, remoteAddress: remote });
      expect(response.statusCode, route).toBe(401);
      const wrong = await t.app.inject({
        method: method as 'GET',
        url: concrete,
        remoteAddress: remote,
        headers: { authorization: 'Bearer guessed' },
      });
      expect(wrong.statusCode, route).toBe(401);
    }
  });

  it('refuses every outbox and control route to a caller from another machine, changing nothing', async () => {
    const before = await sandboxState();
    for (const route of guardedRoutes) {
      const response = await call(route);
      expect(response.statusCode, route).toBe(401);
      expect(response.body, route).not.toContain('newcomer@example.ch');
      const wrong = await call(route, { [secretHeader]: `${secret}x` });
      expect(wrong.statusCode, route).toBe(401);
    }
    expect(await sandboxState()).toEqual(before);
  });

  it('admits a caller from another machine with the secret in the header', async () => {
    const mails = await call('GET /sandbox/mail.json', { [secretHeader]: secret });
    expect(mails.statusCode).toBe(200);
    expect(json<Array<{ to: string }>>(mails).map((m) => m.to)).toContain('newcomer@example.ch');
    for (const route of guardedRoutes.filter((r) => r.startsWith('GET')))
      expect((await call(route, { [secretHeader]: secret })).statusCode, route).toBe(200);
    const faults = await call('POST /sandbox/control/faults', { [secretHeader]: secret });
    expect(json(faults)).toMatchObject({ faults: { tsaDown: true } });
    expect((await call('DELETE /sandbox/control/faults', { [secretHeader]: secret })).statusCode).toBe(200);
  });

  it('lets a browser on another machine in through the access form, with an HttpOnly SameSite cookie', async () => {
    const page = await call('GET /sandbox/mail', { accept: 'text/html' });
    expect(page.statusCode).toBe(401);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post" action="access">');
    expect(page.body).toContain('<label for="secret">');

    const submit = (value: string) =>
      t.app.inject({
        method: 'POST',
        url: '/sandbox/access',
        remoteAddress: remote,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ secret: value, next: 'mail' }).toString(),
      });
    const wrong = await submit('guessing-the-secret');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect(wrong.body).toContain('That is not the sandbox access secret.');

    const right = await submit(secret);
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe('mail');
    const setCookie = String(right.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/sandbox/);
    // The browser keeps a value derived from the secret, not the secret itself.
    expect(setCookie).not.toContain(secret);
    const cookie = setCookie.split(';')[0]!;
    const mails = await call('GET /sandbox/mail', { accept: 'text/html', cookie });
    expect(mails.statusCode).toBe(200);
    expect(mails.body).toContain('newcomer@example.ch');
    expect((await call('GET /sandbox/sms.json', { cookie })).statusCode).toBe(200);
    expect((await call('GET /sandbox/sms.json', { cookie: `${cookie}x` })).statusCode).toBe(401);

    // Only pages of the sandbox itself are redirect targets.
    const away = await t.app.inject({
      method: 'POST',
      url: '/sandbox/access',
      remoteAddress: remote,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ secret, next: '//evil.example/' }).toString(),
    });
    expect(away.statusCode).toBe(400);
  });

  it('keeps answering this machine without a secret (the newcomer confirms from /sandbox/mail)', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const mails = await call('GET /sandbox/mail.json', {}, address);
      expect(mails.statusCode, address).toBe(200);
    }
    const page = await call('GET /sandbox/mail', { accept: 'text/html' }, '127.0.0.1');
    const link = page.body.match(/href="(https?:\/\/[^"]*\/signup\/confirm[^"]*)"/)![1]!;
    const token = new URL(link.replace(/&amp;/g, '&')).searchParams.get('token');
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      payload: { token, firstName: 'Nia', lastName: 'Newcomer', password: strongPassword, gtc: true },
    });
    expect(registered.statusCode, registered.body).toBe(201);
  });

  it('keeps the protocol endpoints public', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: remote });
    expect((await get('/sandbox/trust-list.pem')).statusCode).toBe(200);
    expect((await get('/sandbox/ca/zertes-root.cer')).statusCode).toBe(200);
    expect((await get('/sandbox/crl/zertes-root.crl')).statusCode).toBe(200);
    const tsa = await t.app.inject({
      method: 'POST',
      url: '/sandbox/tsa',
      remoteAddress: remote,
      headers: { 'content-type': 'application/json' },
      payload: {},
    });
    expect(tsa.statusCode).toBe(415);
  });

  it('generates the secret once into the data folder, readable by the owner only', () => {
    const path = join(t.config.dataDir, 'secrets', 'sandbox-access-secret');
    expect(readFileSync(path, 'utf8').trim()).toBe(secret);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(secret.length).toBeGreaterThanOrEqual(32);
  });
});

describe('sandbox access with a configured secret', () => {
  it('admits the configured secret and generates none', async () => {
    const t = await createTestApp('pglite', { env: { SANDBOX_ACCESS_SECRET: 'operator-chosen-secret-42' } });
    try {
      const get = (headers: Record<string, string>) =>
        t.app.inject({ method: 'GET', url: '/sandbox/sms.json', remoteAddress: remote, headers });
      expect((await get({ [secretHeader]: 'operator-chosen-secret-42' })).statusCode).toBe(200);
      expect((await get({})).statusCode).toBe(401);
      expect(() => statSync(join(t.config.dataDir, 'secrets', 'sandbox-access-secret'))).toThrow();
    } finally {
      await t.close();
    }
  });
});
