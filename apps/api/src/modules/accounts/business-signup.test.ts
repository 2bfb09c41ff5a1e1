import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { UserBusiness } from '@signet/contracts/businesses';
import { pendingBusinessSignups, users } from '../../db/schema/accounts.ts';
import { businesses } from '../../db/schema/businesses.ts';
import {
  bearer,
  databaseKinds,
  deliveredMails,
  json,
  linkFromMail,
  strongPassword,
} from '../../../test/helpers.ts';
import { useTestApp } from '../../../test/factories.ts';

describe.each(databaseKinds)('business signup on %s', (kind) => {
  const t = useTestApp(kind);
  const post = (url: string, payload: unknown) => t.call('POST', url, undefined, payload);
  /** A business signup with valid fields unless `fields` says otherwise. */
  const signUp = (email: string, fields: Record<string, unknown> = {}) =>
    post('/v1/business-signup', {
      email,
      firstName: 'Bea',
      lastName: 'Boss',
      password: strongPassword,
      gtc: true,
      business: { name: `Firma ${email}`, phone: '+41 44 000 00 00' },
      ...fields,
    });
  const mailedToken = async (email: string) =>
    (await linkFromMail(t, email, '/business/signup/confirm')).searchParams.get('token');
  const confirm = (token: string | null) => post('/v1/business-signup/confirm', { token });
  const businessesNamed = (name: string) =>
    t.database.db.select().from(businesses).where(eq(businesses.name, name));
  const accountOf = (email: string) => t.database.db.select().from(users).where(eq(users.email, email));

  it('keeps everything pending until the mailed link is followed, then creates the account and its business', async () => {
    const started = await signUp('Bea@Example.CH', {
      lang: 'de-ch',
      mobile: '+41 79 111 22 33',
      business: { name: '  Boss & Co AG ', phone: '+41 44 123 45 67', dpa: true },
    });
    expect(started.statusCode, started.body).toBe(204);
    const [mail] = await deliveredMails(t, 'bea@example.ch');
    expect(mail?.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse, um Boss & Co AG auf Signet zu eröffnen');
    expect(mail?.html).toContain('Boss &amp; Co AG');
    expect(mail?.text).not.toContain(strongPassword);

    // Unconfirmed: no account, no business, and signing in fails.
    expect(await accountOf('bea@example.ch')).toEqual([]);
    expect(await businessesNamed('Boss & Co AG')).toEqual([]);
    const early = await post('/v1/login', { email: 'bea@example.ch', password: strongPassword });
    expect(early.statusCode).toBe(401);

    const token = await mailedToken('bea@example.ch');
    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const session = bearer(json<{ value: string }>(confirmed).value);

    const me = json<{ email: string; emailVerified: boolean; firstName: string; attributes: object }>(
      await t.call('GET', '/v1/user', session),
    );
    expect(me).toMatchObject({ email: 'bea@example.ch', emailVerified: true, firstName: 'Bea' });
    expect(me.attributes).toMatchObject({ lang: 'de-ch', accepted_gtc: true, mobile: '+41 79 111 22 33' });

    const business = json<UserBusiness>(await t.call('GET', '/v2/businesses/user', session));
    expect(business).toMatchObject({
      name: 'Boss & Co AG',
      role: 'admin',
      billing: { paymentMethod: 'TRIALING' },
    });
    const [stored] = await businessesNamed('Boss & Co AG');
    expect(stored).toMatchObject({ email: 'bea@example.ch', phone: '+41 44 123 45 67' });
    expect(stored?.dpaAcceptedAt).not.toBeNull();
    // The pending copy of the password hash is gone; the password signs in.
    expect(await t.database.db.select().from(pendingBusinessSignups)).toEqual([]);
    const login = await post('/v1/login', { email: 'bea@example.ch', password: strongPassword });
    expect(login.statusCode).toBe(200);

    // The link is single use.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(json(again)).toMatchObject({ code: 'TOKEN_INVALID', field: 'token' });
  });

  it('creates nothing for a link that expired unconfirmed', async () => {
    expect((await signUp('late@example.ch')).statusCode).toBe(204);
    const token = await mailedToken('late@example.ch');
    t.clock.advance(24 * 3600_000 + 1000);
    const late = await confirm(token);
    expect(json(late)).toMatchObject({ code: 'TOKEN_INVALID', field: 'token' });
    expect(await accountOf('late@example.ch')).toEqual([]);
    expect(await businessesNamed('Firma late@example.ch')).toEqual([]);

    // Its pending copy (a password hash among it) goes with the next signup; that one stays.
    const pendingNames = async () =>
      (await t.database.db.select().from(pendingBusinessSignups)).map((row) => row.business.name);
    expect(await pendingNames()).toContain('Firma late@example.ch');
    expect((await signUp('next@example.ch')).statusCode).toBe(204);
    const after = await pendingNames();
    expect(after).not.toContain('Firma late@example.ch');
    expect(after).toContain('Firma next@example.ch');
  });

  it.each([
    ['a blank business name', { business: { name: '   ' } }, 'body.business.name'],
    ['an overlong business name', { business: { name: 'x'.repeat(101) } }, 'body.business.name'],
    ['no business', { business: undefined }, 'body.business'],
    ['a bad business phone', { business: { name: 'Ok AG', phone: 'call me' } }, 'body.business.phone'],
    ['terms not accepted', { gtc: false }, 'body.gtc'],
  ])('refuses %s with 400 naming the field, and mails nothing', async (_name, fields, field) => {
    const response = await signUp('bad@example.ch', fields);
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ code: 'VALIDATION_FAILED', field });
    expect(await deliveredMails(t, 'bad@example.ch')).toEqual([]);
  });

  it('refuses a weak password before mailing', async () => {
    const response = await signUp('weak@example.ch', { password: 'boss12345' });
    expect(json(response)).toMatchObject({ code: 'PASSWORD_POLICY', field: 'password' });
    expect(await deliveredMails(t, 'weak@example.ch')).toEqual([]);
  });

  it('does not say at signup that an address has an account, but refuses its confirmation', async () => {
    const existing = await t.user({ email: 'taken-biz@example.ch' });
    expect((await signUp('taken-biz@example.ch')).statusCode).toBe(204);
    const taken = await confirm(await mailedToken('taken-biz@example.ch'));
    expect(taken.statusCode).toBe(409);
    expect(json(taken).code).toBe('EMAIL_TAKEN');
    expect(await businessesNamed('Firma taken-biz@example.ch')).toEqual([]);
    expect((await t.call('GET', '/v2/businesses/user', existing)).statusCode).toBe(404);
  });

  it('refuses a signed-in caller', async () => {
    const someone = await t.user();
    const response = await t.call('POST', '/v1/business-signup', someone, {});
    expect(json(response).code).toBe('ALREADY_AUTHENTICATED');
  });
});
