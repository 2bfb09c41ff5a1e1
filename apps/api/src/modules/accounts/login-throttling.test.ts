import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { verify } from '@node-rs/argon2';
import { createTestApp, databaseKinds, json, signUp, type TestApp } from '../../../test/helpers.ts';

// Counts the password verifications: the throttle must decide before the (expensive, guessable)
// argon2 check, so the number of verifications is what an attacker gets.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...original, verify: vi.fn(original.verify) };
});
const verifications = vi.mocked(verify);

describe.each(databaseKinds)('login throttling on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    verifications.mockClear();
  });

  const login = (email: string, password: string, address: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email, password },
      remoteAddress: address,
    });

  it('lets 25 parallel wrong passwords from one client evaluate at most the limit', async () => {
    const { email } = await signUp(t, { email: 'parallel@example.ch' });
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
    const { email } = await signUp(t, { email: 'spread@example.ch' });
    const responses = await Promise.all(
      Array.from({ length: 25 }, (_, i) => login(email, 'Wrong-password-1', `198.51.100.${100 + i}`)),
    );
    expect(verifications.mock.calls.length).toBeLessThanOrEqual(20);
    expect(responses.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(5);
  });

  it('does not let a stranger lock the owner out from another address', async () => {
    const { email, password } = await signUp(t, { email: 'target@example.ch' });
    for (let i = 0; i < 6; i++) await login(email, 'Wrong-password-1', '203.0.113.66');
    expect((await login(email, password, '203.0.113.66')).statusCode).toBe(429);
    expect((await login(email, password, '192.0.2.10')).statusCode).toBe(200);
  });
});
