import { describe, expect, it } from 'vitest';
import { obtainTimestampToken, verifyTimestampToken } from '../src/index';
import { createSigningSandbox, useSigningTools } from './helpers/signing-sandbox';

const tools = useSigningTools();

const data = new TextEncoder().encode('9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08');

describe('verifyTimestampToken', () => {
  it('accepts a token over the data from a trusted TSA, as openssl ts -verify does', async () => {
    const token = await obtainTimestampToken(tools.sandbox.timestamp, data);
    const result = await verifyTimestampToken(token, data, { trustAnchors: tools.sandbox.trustListPem });
    expect(result).toMatchObject({ valid: true, tsa: expect.stringContaining('SIMULATED') });
    expect(Math.abs(result.time!.getTime() - Date.now())).toBeLessThan(60_000);
    const openssl = await tools.validators.opensslTsVerifyToken(token, data);
    expect(openssl.stdout + openssl.stderr).toContain('Verification: OK');
  });

  it('refuses the token for other data, a damaged token and an untrusted TSA', async () => {
    const token = await obtainTimestampToken(tools.sandbox.timestamp, data);
    const other = new TextEncoder().encode('another head');
    const forOther = await verifyTimestampToken(token, other, { trustAnchors: tools.sandbox.trustListPem });
    expect(forOther.valid).toBe(false);
    expect(forOther.checks).toContainEqual({ name: 'message-imprint', passed: false });

    const damaged = token.slice();
    damaged[damaged.length - 10]! ^= 0xff;
    expect(
      (await verifyTimestampToken(damaged, data, { trustAnchors: tools.sandbox.trustListPem })).valid,
    ).toBe(false);
    expect((await verifyTimestampToken(token.slice(0, 40), data, { trustAnchors: [] })).valid).toBe(false);

    const strangers = await createSigningSandbox();
    try {
      const untrusted = await verifyTimestampToken(token, data, { trustAnchors: strangers.trustListPem });
      expect(untrusted.valid).toBe(false);
      expect(untrusted.checks).toContainEqual(
        expect.objectContaining({ name: 'certificate-chain', passed: false }),
      );
    } finally {
      await strangers.dispose();
    }
  });
});
