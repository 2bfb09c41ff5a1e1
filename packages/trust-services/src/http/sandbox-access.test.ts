import { describe, expect, it } from 'vitest';
import { useSandboxApp } from '../test-support/sandbox-app.js';
import { isLoopback, sandboxAccessHeader } from './sandbox-access.js';

const remote = '198.51.100.23';

const sandbox = useSandboxApp({ name: 'access', publicBaseUrl: 'https://demo.example.ch/sandbox' });
const { accessSecret } = sandbox;

describe('the sandbox access guard', () => {
  it('tells loopback addresses from others', () => {
    for (const local of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect(isLoopback(local)).toBe(true);
    for (const other of ['10.0.0.1', '::ffff:10.0.0.1', '2001:db8::1', '192.168.1.127', ''])
      expect(isLoopback(other)).toBe(false);
  });

  it('keeps the SMS outbox and the controls from other machines unless they present the secret', async () => {
    const sms = (headers: Record<string, string>, remoteAddress = remote) =>
      sandbox.app.inject({ url: '/sandbox/sms.json', remoteAddress, headers });
    expect((await sms({})).statusCode).toBe(401);
    expect((await sms({}, '127.0.0.1')).statusCode).toBe(200);
    expect((await sms({ [sandboxAccessHeader]: accessSecret })).statusCode).toBe(200);
    const down = await sandbox.app.inject({
      method: 'POST',
      url: '/sandbox/control/faults',
      remoteAddress: remote,
      payload: { tsaDown: true },
    });
    expect(down.statusCode).toBe(401);
    const state = await sandbox.app.inject({ url: '/sandbox/control' });
    expect(state.json()).toMatchObject({ faults: { tsaDown: false } });
    // Validators elsewhere still reach what they need.
    expect(
      (await sandbox.app.inject({ url: '/sandbox/trust-list.pem', remoteAddress: remote })).statusCode,
    ).toBe(200);
  });

  it('sets a Secure cookie when the sandbox is served over https', async () => {
    const response = await sandbox.app.inject({
      method: 'POST',
      url: '/sandbox/access',
      remoteAddress: remote,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ secret: accessSecret, next: 'sms' }).toString(),
    });
    expect(response.statusCode).toBe(303);
    expect(String(response.headers['set-cookie'])).toMatch(/; Secure/);
  });
});
