import { beforeEach, describe, expect, it, vi } from 'vitest';
import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { loginDevices, users } from '../../db/schema/accounts.ts';
import { hashToken } from '../../plugins/auth.ts';
import { bearer, databaseKinds, json } from '../../../test/helpers.ts';
import { useTestApp, type FactoryApp } from '../../../test/factories.ts';

// Counts the password verifications: the throttle must decide before the (expensive, guessable)
// argon2 check, so the number of verifications is what an attacker gets.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...original, verify: vi.fn(original.verify) };
});
const verifications = vi.mocked(verify);

describe.each(databaseKinds)('login throttling on %s', (kind) => {
  const t = useTestApp(kind);
  beforeEach(() => {
    verifications.mockClear();
  });

  const login = (email: string, password: string, address: string, deviceToken?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email, password, ...(deviceToken ? { deviceToken } : {}) },
      remoteAddress: address,
    });
  const deviceTokenOf = async (email: string, password: string, address: string) => {
    const response = await login(email, password, address);
    expect(response.statusCode).toBe(200);
    return json<{ deviceToken: string }>(response).deviceToken;
  };

  it('lets 25 parallel wrong passwords from one client evaluate at most the limit', async () => {
    const { email } = await t.user({ email: 'parallel@example.ch' });
    const responses = await Promise.all(
      Array.from({ length: 25 }, () => login(email, 'Wrong-password-1', '198.51.100.1')),
    );
    expect(verifications.mock.calls.length).toBeLessThanOrEqual(5);
    const refused = responses.filter((r) => r.statusCode === 429);
    expect(responses.filter((r) => r.statusCode === 401)).toHaveLength(verifications.mock.calls.length);
    expect(refused.length).toBeGreaterThanOrEqual(20);
    for (const response of refused) {
      expect(json(response).code).toBe('TOO_MANY_ATTEMPTS');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('caps parallel wrong passwords from many clients by the per-account ceiling', async () => {
    const { email } = await t.user({ email: 'spread@example.ch' });
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, i) => login(email, 'Wrong-password-1', `198.51.100.${100 + i}`)),
    );
    expect(verifications.mock.calls.length).toBeLessThanOrEqual(20);
    expect(responses.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(5);
  });

  it('does not let a stranger lock the owner out from another address', async () => {
    const { email, password } = await t.user({ email: 'target@example.ch' });
    for (let i = 0; i < 6; i++) await login(email, 'Wrong-password-1', '203.0.113.66');
    expect((await login(email, password, '203.0.113.66')).statusCode).toBe(429);
    expect((await login(email, password, '192.0.2.10')).statusCode).toBe(200);
  });

  it("lets the owner's known device through while guesses from everywhere fill the account's ceiling", async () => {
    const { email, password } = await t.user({ email: 'owner@example.ch' });
    const deviceToken = await deviceTokenOf(email, password, '192.0.2.20');
    const { email: otherEmail, password: otherPassword } = await t.user({ email: 'other@example.ch' });
    const otherDevice = await deviceTokenOf(otherEmail, otherPassword, '192.0.2.20');
    for (let i = 0; i < 20; i++)
      await login(email, 'Wrong-password-1', `203.0.113.${10 + Math.floor(i / 5)}`);

    // The ceiling holds for everyone without this account's device token, the owner included.
    expect((await login(email, password, '192.0.2.21')).statusCode).toBe(429);
    expect((await login(email, password, '192.0.2.21', otherDevice)).statusCode).toBe(429);
    expect((await login(email, password, '192.0.2.21', 'x'.repeat(43))).statusCode).toBe(429);

    const known = await login(email, password, '192.0.2.21', deviceToken);
    expect(known.statusCode).toBe(200);
    expect(json(known).deviceToken).toBe(deviceToken);
  });

  it('limits wrong passwords sent with a device token, and the token opens nothing', async () => {
    const { email, password } = await t.user({ email: 'device@example.ch' });
    const deviceToken = await deviceTokenOf(email, password, '192.0.2.30');
    verifications.mockClear();
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        login(email, 'Wrong-password-1', `203.0.113.${50 + i}`, deviceToken),
      ),
    );
    expect(verifications.mock.calls.length).toBeLessThanOrEqual(5);
    expect(guesses.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(7);
    expect((await login(email, password, '192.0.2.30', deviceToken)).statusCode).toBe(429);

    for (const path of ['/api/v1/user', '/api/v1/email_input_autocomplete?q=d'])
      expect(
        (await t.app.inject({ method: 'GET', url: path, headers: bearer(deviceToken) })).statusCode,
      ).toBe(401);
  });

  it('remembers the ten most recently used devices of an account', async () => {
    const { email, password } = await t.user({ email: 'many@example.ch' });
    const first = await deviceTokenOf(email, password, '192.0.2.40');
    for (let i = 0; i < 10; i++) {
      t.clock.advance(1000);
      await deviceTokenOf(email, password, '192.0.2.40');
    }
    const user = await t.database.db.select().from(users).where(eq(users.email, email));
    const devices = await t.database.db
      .select()
      .from(loginDevices)
      .where(eq(loginDevices.userId, user[0]!.id));
    expect(devices).toHaveLength(10);
    expect(devices.map((d) => d.tokenHash)).not.toContain(hashToken(first));
  });
});

describe.each(databaseKinds)('client addresses behind a proxy on %s', (kind) => {
  const direct = useTestApp(kind);
  const proxied = useTestApp(kind, { env: { TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' } });

  const login = (t: FactoryApp, email: string, password: string, peer: string, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email, password },
      remoteAddress: peer,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('throttles each client behind a trusted proxy on its own', async () => {
    const { email, password } = await proxied.user({ email: 'behind@example.ch' });
    for (let i = 0; i < 5; i++) await login(proxied, email, 'Wrong-password-1', '10.1.2.3', '198.51.100.7');
    expect((await login(proxied, email, password, '10.1.2.3', '198.51.100.7')).statusCode).toBe(429);
    expect((await login(proxied, email, password, '10.1.2.3', '198.51.100.8')).statusCode).toBe(200);
    expect((await login(proxied, email, password, '192.0.2.1', '198.51.100.9')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from callers that are not a trusted proxy, and by default', async () => {
    for (const t of [proxied, direct]) {
      const { email, password } = await t.user({ email: 'spoofer@example.ch' });
      for (let i = 0; i < 5; i++)
        await login(t, email, 'Wrong-password-1', '203.0.113.7', `198.51.100.${20 + i}`);
      expect((await login(t, email, password, '203.0.113.7', '198.51.100.30')).statusCode).toBe(429);
    }
  });
});
