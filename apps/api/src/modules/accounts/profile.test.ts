import { describe, expect, it } from 'vitest';
import type { User } from '@signet/contracts/accounts';
import { installationSecret } from '../../installation-secrets.ts';
import { createTestApp, databaseKinds, json } from '../../../test/helpers.ts';
import { useTestApp, withFactories } from '../../../test/factories.ts';
import { verifyReferralToken } from './referral-token.ts';

// The profile pages' calls: every setting of PUT /v1/user stored, cleared and refused, and the
// referral widget's token (POST /v1/user/cello).

describe.each(databaseKinds)('profile settings on %s', (kind) => {
  const t = useTestApp(kind);
  const put = (as: { headers: Record<string, string> }, body: unknown) => t.call('PUT', '/v1/user', as, body);

  it('stores every profile and settings field, and GET /v1/user gives them back', async () => {
    const anna = await t.user({ firstName: 'Anna', lastName: 'Alt' });
    const before = json<User>(await t.call('GET', '/v1/user', anna));
    expect(before.retention).toEqual({ enabled: false, days: 30 });
    expect(before.attributes).toMatchObject({ email_notification_level: 'all', default_quality: 'ses' });

    const settings = {
      firstName: '  Anna-Lena ',
      lastName: 'Neu',
      attributes: {
        lang: 'fr-ch',
        mobile: '+41 79 555 12 34',
        p11_signing_name: ' Dr. Anna-Lena Neu ',
        p11_signing_reason: 'Approved as head of quality',
        email_notification_level: 'important',
        default_legislation: 'eidas',
        default_quality: 'qes',
        visual_signature_name: 'A. Neu',
      },
      retention: { enabled: true, days: 90 },
    };
    const updated = await put(anna, settings);
    expect(updated.statusCode, updated.body).toBe(200);
    const expected = {
      firstName: 'Anna-Lena',
      lastName: 'Neu',
      attributes: {
        ...settings.attributes,
        p11_signing_name: 'Dr. Anna-Lena Neu',
        // What the user cannot set stays as it was.
        free_signatures_remaining: before.attributes.free_signatures_remaining,
        referral_code: before.attributes.referral_code,
      },
      retention: { enabled: true, days: 90 },
    };
    expect(json(updated)).toMatchObject(expected);
    expect(json(await t.call('GET', '/v1/user', anna))).toMatchObject(expected);

    // A partial change leaves the rest; cleared texts and the mobile number become null.
    const cleared = json<User>(
      await put(anna, {
        attributes: { mobile: null, p11_signing_name: '', p11_signing_reason: '   ' },
        retention: { enabled: false, days: 90 },
      }),
    );
    expect(cleared.attributes).toMatchObject({
      mobile: null,
      p11_signing_name: null,
      p11_signing_reason: null,
      lang: 'fr-ch',
      default_quality: 'qes',
    });
    expect(cleared.retention).toEqual({ enabled: false, days: 90 });
    expect(cleared.firstName).toBe('Anna-Lena');
  });

  it('refuses each bad setting with 400 naming the field, and changes nothing', async () => {
    const bert = await t.user({ firstName: 'Bert' });
    const cases: Array<[unknown, string]> = [
      [{ firstName: '' }, 'body.firstName'],
      [{ lastName: 'x'.repeat(101) }, 'body.lastName'],
      [{ email: 'not-an-address' }, 'body.email'],
      [{ attributes: { lang: 'es' } }, 'body.attributes.lang'],
      [{ attributes: { mobile: '12ab' } }, 'body.attributes.mobile'],
      [{ attributes: { p11_signing_name: 'n'.repeat(101) } }, 'body.attributes.p11_signing_name'],
      [{ attributes: { p11_signing_reason: 'r'.repeat(201) } }, 'body.attributes.p11_signing_reason'],
      [{ attributes: { email_notification_level: 'sometimes' } }, 'body.attributes.email_notification_level'],
      [{ attributes: { default_quality: 'part12' } }, 'body.attributes.default_quality'],
      [{ attributes: { default_legislation: 'us' } }, 'body.attributes.default_legislation'],
      [{ retention: { enabled: true, days: 0 } }, 'body.retention.days'],
      [{ retention: { enabled: true, days: 3651 } }, 'body.retention.days'],
      [{ retention: { enabled: true, days: 7.5 } }, 'body.retention.days'],
      [{ retention: { enabled: true } }, 'body.retention.days'],
      [{ retention: { enabled: 'yes', days: 10 } }, 'body.retention.enabled'],
      [{ retention: { enabled: true, days: 10, terminalState: 3 } }, 'body.retention.terminalState'],
    ];
    for (const [body, field] of cases) {
      const refused = await put(bert, { firstName: 'Changed', ...(body as object) });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(refused), JSON.stringify(body)).toMatchObject({ code: 'VALIDATION_FAILED', field });
    }
    const after = json<User>(await t.call('GET', '/v1/user', bert));
    expect(after.firstName).toBe('Bert');
    expect(after.retention).toEqual({ enabled: false, days: 30 });
    expect((await t.call('PUT', '/v1/user', null, { firstName: 'X' })).statusCode).toBe(401);
  });

  it('refuses an e-mail address another account has, and keeps the rest of the change unsaved', async () => {
    const cleo = await t.user({ firstName: 'Cleo' });
    const other = await t.user();
    const taken = await put(cleo, { firstName: 'Cleopatra', email: other.email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(json(taken)).toMatchObject({ code: 'EMAIL_TAKEN', field: 'email' });
    expect(json<User>(await t.call('GET', '/v1/user', cleo)).firstName).toBe('Cleo');
  });

  it('gives the referral widget a signed token with the referral code, valid for an hour', async () => {
    const dora = await t.user();
    const me = json<User>(await t.call('GET', '/v1/user', dora));
    const before = t.clock.now().getTime();
    const answer = await t.call('POST', '/v1/user/cello', dora);
    const after = t.clock.now().getTime();
    expect(answer.statusCode, answer.body).toBe(200);
    const { token, expiration, referralCode } = json<{
      token: string;
      expiration: string;
      referralCode: string;
    }>(answer);
    expect(referralCode).toBe(me.attributes.referral_code);
    // An hour after the call, to the second (JWT times are whole seconds, rounded down).
    expect(Date.parse(expiration)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 3600_000);
    expect(Date.parse(expiration)).toBeLessThanOrEqual(after + 3600_000);

    const key = Buffer.from(installationSecret(t.config.dataDir, 'referral-token-key'));
    expect(await verifyReferralToken(key, token, t.clock.now())).toEqual({
      userId: me.id,
      referralCode: me.attributes.referral_code,
    });
    // Expired an hour later; altered, or under another key, never valid.
    await expect(
      verifyReferralToken(key, token, new Date(t.clock.now().getTime() + 3601_000)),
    ).rejects.toThrow();
    const [head, payload, mac] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'someone-else' }),
    ).toString('base64url');
    await expect(verifyReferralToken(key, `${head}.${forged}.${mac}`, t.clock.now())).rejects.toThrow();
    await expect(verifyReferralToken(Buffer.alloc(32, 7), token, t.clock.now())).rejects.toThrow();
    // Nothing secret rides in it: the claims are the user id and the referral code.
    expect(Object.keys(JSON.parse(Buffer.from(payload!, 'base64url').toString())).sort()).toEqual([
      'aud',
      'exp',
      'iat',
      'iss',
      'referral_code',
      'sub',
    ]);

    expect((await t.call('POST', '/v1/user/cello', null)).statusCode).toBe(401);
  });
});

describe('referral token key', () => {
  it('comes from REFERRAL_TOKEN_KEY when set, so that processes with their own data folders agree', async () => {
    const key = 'k'.repeat(40);
    const running = await createTestApp('pglite', { env: { REFERRAL_TOKEN_KEY: key } });
    try {
      const t = withFactories(running);
      const user = await t.user();
      const { token } = json<{ token: string }>(await t.call('POST', '/v1/user/cello', user));
      expect((await verifyReferralToken(Buffer.from(key), token, t.clock.now())).userId).toBe(user.id);
    } finally {
      await running.close();
    }
  });
});
