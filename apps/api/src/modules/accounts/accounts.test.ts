import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/accounts.ts';
import {
  bearer,
  databaseKinds,
  deliveredMails,
  json,
  linkFromMail,
  strongPassword,
} from '../../../test/helpers.ts';
import { useTestApp, type Caller } from '../../../test/factories.ts';

describe.each(databaseKinds)('accounts on %s', (kind) => {
  const t = useTestApp(kind);
  const post = (url: string, payload?: unknown, as?: Caller) => t.call('POST', url, as, payload);
  const get = (url: string, as?: Caller) => t.call('GET', url, as);
  /** The token of a new confirmation link mailed to `email`. */
  const confirmationToken = async (email: string) => {
    await post('/v1/request-confirmation', { email });
    return (await linkFromMail(t, email, '/signup/confirm')).searchParams.get('token');
  };
  /** Registration with a confirmation token; valid fields unless `fields` says otherwise. */
  const register = (token: string | null, fields: Record<string, unknown> = {}) =>
    post('/v1/register', {
      token,
      firstName: 'A',
      lastName: 'B',
      password: strongPassword,
      gtc: true,
      ...fields,
    });

  describe('signup', () => {
    it('mails a confirmation link in the chosen language, then registers and signs in', async () => {
      const requested = await post('/v1/request-confirmation', { email: 'Lea@Example.CH', lang: 'fr-ch' });
      expect(requested.statusCode).toBe(204);
      const [mail] = await deliveredMails(t, 'lea@example.ch');
      expect(mail?.subject).toBe('Confirmez votre adresse e-mail pour Signet');
      expect(mail?.html).toContain('<a href="http://signet.test/signup/confirm?token=');
      const link = await linkFromMail(t, 'lea@example.ch', '/signup/confirm');
      const token = link.searchParams.get('token')!;

      const valid = await post('/v1/valid-confirmation', { token });
      expect(json(valid)).toEqual({ valid: true, email: 'lea@example.ch' });

      const registered = await register(token, {
        firstName: 'Léa',
        lastName: 'Dupont',
        mobile: '+41 79 123 45 67',
      });
      expect(registered.statusCode).toBe(201);
      const session = json<{ value: string; expiration: string }>(registered);
      expect(new Date(session.expiration).getTime() - t.clock.now().getTime()).toBeGreaterThan(
        23.9 * 3600_000,
      );

      const me = json<{ email: string; emailVerified: boolean; attributes: Record<string, unknown> }>(
        await get('/v1/user', bearer(session.value)),
      );
      expect(me.email).toBe('lea@example.ch');
      expect(me.emailVerified).toBe(true);
      expect(me.attributes).toMatchObject({
        lang: 'fr-ch',
        accepted_gtc: true,
        mobile: '+41 79 123 45 67',
        weak_password: false,
        free_signatures_remaining: 5,
      });

      // The token is single use.
      const again = await register(token, { firstName: 'L', lastName: 'D' });
      expect(again.statusCode).toBe(400);
      expect(json(again)).toMatchObject({ code: 'TOKEN_INVALID', field: 'token' });
      expect(json(await post('/v1/valid-confirmation', { token }))).toEqual({ valid: false, email: null });
    });

    it('refuses registration without accepted terms, with a weak password, or for a taken e-mail', async () => {
      const token = await confirmationToken('gtc@example.ch');
      const noGtc = await register(token, { gtc: false });
      expect(noGtc.statusCode).toBe(400);
      expect(json(noGtc)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.gtc' });
      const weak = await register(token, { password: 'short1' });
      expect(json(weak)).toMatchObject({ code: 'PASSWORD_POLICY', field: 'password' });

      await t.user({ email: 'taken@example.ch' });
      const second = await confirmationToken('taken@example.ch');
      const taken = await register(second);
      expect(taken.statusCode).toBe(409);
      expect(json(taken).code).toBe('EMAIL_TAKEN');
    });

    it('expires confirmation links after 24 hours', async () => {
      const token = await confirmationToken('late@example.ch');
      t.clock.advance(24 * 3600_000 + 1000);
      expect(json(await post('/v1/valid-confirmation', { token }))).toEqual({ valid: false, email: null });
      const registered = await register(token);
      expect(json(registered).code).toBe('TOKEN_INVALID');
    });

    it('limits confirmation mails per address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await post('/v1/request-confirmation', { email: 'flood@example.ch' })).statusCode);
      expect(statuses.slice(0, 5).every((s) => s === 204)).toBe(true);
      expect(statuses[5]).toBe(429);
    });
  });

  describe('login and logout', () => {
    it('signs in, serves the user, and revokes the token at logout', async () => {
      const { email, password } = await t.user({ email: 'max@example.ch', firstName: 'Max' });
      const login = await post('/v1/login', { email: 'MAX@example.ch', password });
      expect(login.statusCode).toBe(200);
      const token = json<{ value: string }>(login).value;
      expect((await get('/v1/user', bearer(token))).statusCode).toBe(200);
      expect((await post('/v1/logout', undefined, bearer(token))).statusCode).toBe(204);
      const after = await get('/v1/user', bearer(token));
      expect(after.statusCode).toBe(401);
      expect(json(after).code).toBe('UNAUTHENTICATED');
      expect(email).toBe('max@example.ch');
    });

    it('answers 401 for a wrong password or unknown e-mail, the same way', async () => {
      await t.user({ email: 'wrong@example.ch' });
      const wrong = await post('/v1/login', { email: 'wrong@example.ch', password: 'Not-the-password-1' });
      const unknown = await post('/v1/login', { email: 'nobody@example.ch', password: 'Not-the-password-1' });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(json(wrong)).toEqual(json(unknown));
      expect(json(wrong).code).toBe('INVALID_CREDENTIALS');
    });

    it('expires tokens after 24 hours', async () => {
      const { token } = await t.user({ email: 'expiry@example.ch' });
      t.clock.advance(24 * 3600_000 + 1000);
      expect((await get('/v1/user', bearer(token))).statusCode).toBe(401);
    });

    it('throttles repeated wrong logins per account with 429 and Retry-After', async () => {
      const { password } = await t.user({ email: 'throttle@example.ch' });
      for (let i = 0; i < 5; i++)
        expect(
          (await post('/v1/login', { email: 'throttle@example.ch', password: 'Wrong-password-1' }))
            .statusCode,
        ).toBe(401);
      const blocked = await post('/v1/login', { email: 'throttle@example.ch', password });
      expect(blocked.statusCode).toBe(429);
      expect(json(blocked).code).toBe('TOO_MANY_ATTEMPTS');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      t.clock.advance(15 * 60_000 + 1000);
      expect((await post('/v1/login', { email: 'throttle@example.ch', password })).statusCode).toBe(200);
    });

    it('throttles wrong logins per client address across accounts', async () => {
      const remote = { remoteAddress: '203.0.113.9' };
      let last = 0;
      for (let i = 0; i < 31; i++) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/v1/login',
          payload: { email: `spray${i}@example.ch`, password: 'Wrong-password-1' },
          ...remote,
        });
        last = response.statusCode;
      }
      expect(last).toBe(429);
    });

    it('flags a stored password that no longer meets the policy as weak at login', async () => {
      const { email, password } = await t.user({ email: 'weak@example.ch' });
      // The password contains the first name, which the policy forbids (set the name after the fact).
      await t.database.db.update(users).set({ firstName: 'Battery' }).where(eq(users.email, email));
      const token = json<{ value: string }>(await post('/v1/login', { email, password })).value;
      const me = json<{ attributes: { weak_password: boolean } }>(await get('/v1/user', bearer(token)));
      expect(me.attributes.weak_password).toBe(true);
    });
  });

  describe('user profile', () => {
    it('updates names and attributes, and refuses fields it does not know', async () => {
      const { token } = await t.user({ email: 'profile@example.ch' });
      const updated = await t.call('PUT', '/v1/user', bearer(token), {
        firstName: 'Anna',
        attributes: { lang: 'de-ch', p11_signing_name: 'Dr. Anna Muster', default_quality: 'aes' },
      });
      expect(updated.statusCode).toBe(200);
      expect(json(updated)).toMatchObject({
        firstName: 'Anna',
        attributes: { lang: 'de-ch', p11_signing_name: 'Dr. Anna Muster', default_quality: 'aes' },
      });
      const forbidden = await t.call('PUT', '/v1/user', bearer(token), {
        attributes: { free_signatures_remaining: 999 },
      });
      expect(forbidden.statusCode).toBe(400);
      expect(json(forbidden)).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: 'body.attributes.free_signatures_remaining',
      });
    });

    it('changes the e-mail only after the new address is confirmed', async () => {
      const { token } = await t.user({ email: 'old@example.ch' });
      const put = await t.call('PUT', '/v1/user', bearer(token), { email: 'new@example.ch' });
      expect(json(put).email).toBe('old@example.ch');
      const link = await linkFromMail(t, 'new@example.ch', '/profile/confirm');
      expect(json(await post('/v1/valid-confirmation', { token: link.searchParams.get('token') }))).toEqual({
        valid: true,
        email: 'new@example.ch',
      });
      expect(json(await get('/v1/user', bearer(token)))).toMatchObject({
        email: 'new@example.ch',
        emailVerified: true,
      });
    });

    it('reports the highest quality: none until the e-mail is verified, then ses', async () => {
      const { token, email } = await t.user({ email: 'quality@example.ch' });
      const detail = json<{
        highestQuality: string;
        qualities: Array<{ quality: string; available: boolean }>;
      }>(await get('/v3/user/signature-qualities-detail', bearer(token)));
      expect(detail.highestQuality).toBe('ses');
      expect(detail.qualities.find((q) => q.quality === 'ses')?.available).toBe(true);
      expect(detail.qualities.find((q) => q.quality === 'aes')?.available).toBe(false);
      await t.database.db.update(users).set({ emailVerified: false }).where(eq(users.email, email));
      expect(json(await get('/v3/user/signature-qualities-detail', bearer(token))).highestQuality).toBe(
        'none',
      );
    });

    it('records accepted terms', async () => {
      const { token } = await t.user({ email: 'accept@example.ch' });
      const accepted = await post('/v1/user/accept', { accept: 'tou_swisscom' }, bearer(token));
      expect(json(accepted).attributes).toMatchObject({ accepted_tou_swisscom: true });
      expect((await post('/v1/user/accept', { accept: 'everything' }, bearer(token))).statusCode).toBe(400);
    });

    it('deletes the account with the right password only', async () => {
      const { token, email, password } = await t.user({ email: 'leaving@example.ch' });
      const wrong = await post('/v1/user/delete', { password: 'Wrong-password-1' }, bearer(token));
      expect(wrong.statusCode).toBe(400);
      expect(json(wrong)).toMatchObject({ code: 'WRONG_PASSWORD', field: 'password' });
      expect((await post('/v1/user/delete', { password }, bearer(token))).statusCode).toBe(204);
      expect((await get('/v1/user', bearer(token))).statusCode).toBe(401);
      expect((await post('/v1/login', { email, password })).statusCode).toBe(401);
      expect((await deliveredMails(t, email))[0]?.subject).toBe('Your Signet account was deleted');
    });
  });

  describe('passwords', () => {
    it.each([
      ['Correct-horse-7-battery', true, null],
      ['short1', false, 'PASSWORD_TOO_SHORT'],
      ['only-letters-here', false, 'PASSWORD_NEEDS_DIGIT'],
      ['1234567890123', false, 'PASSWORD_NEEDS_LETTER'],
      ['Password1234', false, 'PASSWORD_TOO_COMMON'],
      ['aaaaaaaaaa1', false, 'PASSWORD_TOO_COMMON'],
      ['Sommer-2024-Zurich', true, null],
      ['x'.repeat(129) + '1', false, 'PASSWORD_TOO_LONG'],
    ])('check-password %s → valid %s (%s)', async (password, valid, errorCode) => {
      expect(json(await post('/v1/check-password', { password }))).toEqual({ valid, errorCode });
    });

    it("checks a password against the person's names and address, and the account's own", async () => {
      const password = 'Tdorbssyw-1987';
      expect(json(await post('/v1/check-password', { password }))).toEqual({ valid: true, errorCode: null });
      expect(
        json(await post('/v1/check-password', { password, firstName: 'Kaspar', lastName: 'Wyssbrodt' })),
      ).toEqual({ valid: false, errorCode: 'PASSWORD_TOO_COMMON' });
      const { token } = await t.user({ email: 'wyssbrodt@example.ch', lastName: 'Wyssbrodt' });
      expect(json(await post('/v1/check-password', { password }, bearer(token)))).toEqual({
        valid: false,
        errorCode: 'PASSWORD_TOO_COMMON',
      });
    });

    it('refuses an easy password at registration, change and reset', async () => {
      const { token, email, password } = await t.user({ email: 'easy@example.ch' });
      const change = await post(
        '/v1/change-password',
        { oldPassword: password, newPassword: 'aaaaaaaaaa1' },
        bearer(token),
      );
      expect(json(change)).toMatchObject({ code: 'PASSWORD_POLICY', field: 'newPassword' });
      await post('/v1/request-reset', { email });
      const reset = (await linkFromMail(t, email, '/password-reset/new')).searchParams.get('token');
      expect(
        json(await post('/v1/reset-password', { token: reset, password: 'Password1234' })),
      ).toMatchObject({
        code: 'PASSWORD_POLICY',
        field: 'password',
      });
      await expect(t.user({ email: 'easy2@example.ch', password: 'qwertz12345' })).rejects.toThrow(
        /PASSWORD_POLICY/,
      );
    });

    it('limits password checks per client address', async () => {
      const check = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/check-password',
          payload: { password: 'short' },
          remoteAddress: '198.51.100.77',
        });
      for (let i = 0; i < 150; i++) expect((await check()).statusCode).toBe(200);
      const limited = await check();
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('changes the password, keeps this session and ends the others', async () => {
      const { token, email, password } = await t.user({ email: 'change@example.ch' });
      const other = json<{ value: string }>(await post('/v1/login', { email, password })).value;
      const wrongOld = await post(
        '/v1/change-password',
        { oldPassword: 'Wrong-password-1', newPassword: 'Another-good-pass-9' },
        bearer(token),
      );
      expect(json(wrongOld)).toMatchObject({ code: 'WRONG_PASSWORD', field: 'oldPassword' });
      const weakNew = await post(
        '/v1/change-password',
        { oldPassword: password, newPassword: 'weak' },
        bearer(token),
      );
      expect(json(weakNew)).toMatchObject({ code: 'PASSWORD_POLICY', field: 'newPassword' });
      expect(
        (
          await post(
            '/v1/change-password',
            { oldPassword: password, newPassword: 'Another-good-pass-9' },
            bearer(token),
          )
        ).statusCode,
      ).toBe(204);
      expect((await get('/v1/user', bearer(token))).statusCode).toBe(200);
      expect((await get('/v1/user', bearer(other))).statusCode).toBe(401);
      expect((await post('/v1/login', { email, password: 'Another-good-pass-9' })).statusCode).toBe(200);
      expect((await deliveredMails(t, email))[0]?.subject).toBe('Your Signet password was changed');
    });

    it('resets a forgotten password through the mailed link, once', async () => {
      const { email } = await t.user({ email: 'forgot@example.ch', lang: 'de-ch' });
      expect((await post('/v1/request-reset', { email })).statusCode).toBe(204);
      // Unknown addresses get the same answer and no mail.
      expect((await post('/v1/request-reset', { email: 'ghost@example.ch' })).statusCode).toBe(204);
      expect(await deliveredMails(t, 'ghost@example.ch')).toHaveLength(0);
      const link = await linkFromMail(t, email, '/password-reset/new');
      const token = link.searchParams.get('token');
      expect(json(await post('/v1/reset-password', { token, password: 'x' }))).toMatchObject({
        code: 'PASSWORD_POLICY',
      });
      expect((await post('/v1/reset-password', { token, password: 'Brand-new-secret-4' })).statusCode).toBe(
        204,
      );
      expect(json(await post('/v1/reset-password', { token, password: 'Brand-new-secret-5' }))).toMatchObject(
        { code: 'TOKEN_INVALID' },
      );
      expect((await post('/v1/login', { email, password: 'Brand-new-secret-4' })).statusCode).toBe(200);
    });

    it('revokes older unused reset links when a new one is issued', async () => {
      const { email } = await t.user({ email: 'tworesets@example.ch' });
      await post('/v1/request-reset', { email });
      const older = (await linkFromMail(t, email, '/password-reset/new')).searchParams.get('token');
      await post('/v1/request-reset', { email });
      const newer = (await linkFromMail(t, email, '/password-reset/new')).searchParams.get('token');
      expect(newer).not.toBe(older);
      expect(
        json(await post('/v1/reset-password', { token: older, password: 'Brand-new-secret-4' })),
      ).toMatchObject({ code: 'TOKEN_INVALID', field: 'token' });
      expect(
        (await post('/v1/reset-password', { token: newer, password: 'Brand-new-secret-4' })).statusCode,
      ).toBe(204);
    });

    it('expires reset links after one hour', async () => {
      const { email } = await t.user({ email: 'slowreset@example.ch' });
      await post('/v1/request-reset', { email });
      const token = (await linkFromMail(t, email, '/password-reset/new')).searchParams.get('token');
      t.clock.advance(3600_000 + 1000);
      expect(json(await post('/v1/reset-password', { token, password: 'Brand-new-secret-4' })).code).toBe(
        'TOKEN_INVALID',
      );
    });
  });

  describe('small calls', () => {
    it('serves the server time', async () => {
      const body = json<{ datetime: string; timestamp: number }>(await get('/v1/datetime'));
      expect(Math.abs(body.timestamp - t.clock.now().getTime())).toBeLessThan(5000);
      expect(new Date(body.datetime).getTime()).toBe(body.timestamp);
    });

    it('autocompletes known e-mail addresses for signed-in users only', async () => {
      const { token } = await t.user({ email: 'auto@example.ch' });
      expect(json(await get('/v1/email_input_autocomplete?q=au', bearer(token)))).toEqual({
        emails: ['auto@example.ch'],
      });
      expect(json(await get('/v1/email_input_autocomplete?q=zz', bearer(token)))).toEqual({ emails: [] });
      expect((await get('/v1/email_input_autocomplete?q=au')).statusCode).toBe(401);
    });
  });

  describe('bad input', () => {
    it.each([
      ['malformed JSON', '/v1/login', '{"email":', 'MALFORMED_JSON', undefined],
      ['a missing field', '/v1/login', { email: 'a@b.ch' }, 'VALIDATION_FAILED', 'body.password'],
      [
        'an extra field',
        '/v1/login',
        { email: 'a@b.ch', password: 'x', admin: true },
        'VALIDATION_FAILED',
        'body.admin',
      ],
      ['a wrong type', '/v1/login', { email: 42, password: 'x' }, 'VALIDATION_FAILED', 'body.email'],
      ['a bad e-mail', '/v1/request-reset', { email: 'not-an-email' }, 'VALIDATION_FAILED', 'body.email'],
      [
        'an overlong string',
        '/v1/check-password',
        { password: 'x'.repeat(5000) },
        'VALIDATION_FAILED',
        'body.password',
      ],
      [
        'a bad language',
        '/v1/request-confirmation',
        { email: 'a@b.ch', lang: 'xx' },
        'VALIDATION_FAILED',
        'body.lang',
      ],
    ])('%s gets 400 naming the field', async (_name, url, payload, code, field) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api${url}`,
        headers: { 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
      expect(response.statusCode).toBe(400);
      const body = json<{ code: string; field?: string; message: string }>(response);
      expect(body.code).toBe(code);
      if (field) expect(body.field).toBe(field);
      expect(response.body).not.toMatch(/at .+\.ts:\d+/);
    });

    it('refuses a bad phone number at registration', async () => {
      const token = await confirmationToken('phone@example.ch');
      const response = await register(token, { mobile: '12ab' });
      expect(json(response)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.mobile' });
    });

    it('refuses an unsupported content type with 415', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        headers: { 'content-type': 'text/plain' },
        payload: 'hello',
      });
      expect(response.statusCode).toBe(415);
      expect(json(response).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });

    it('answers 401 for a malformed or unknown bearer token', async () => {
      expect((await get('/v1/user', { authorization: 'Bearer nonsense' })).statusCode).toBe(401);
      expect((await get('/v1/user', { authorization: 'Bearer ' + 'a'.repeat(43) })).statusCode).toBe(401);
    });

    it('keeps signed-in callers off unauthenticated-only calls', async () => {
      const { token } = await t.user({ email: 'signedin@example.ch' });
      const response = await post(
        '/v1/register',
        { token: 'x'.repeat(20), firstName: 'A', lastName: 'B', password: strongPassword, gtc: true },
        bearer(token),
      );
      expect(response.statusCode).toBe(403);
      expect(json(response).code).toBe('ALREADY_AUTHENTICATED');
    });
  });
});
