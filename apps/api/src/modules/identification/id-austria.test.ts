import { describe, expect, it } from 'vitest';
import { databaseKinds, deliveredMails, json, strongPassword } from '../../../test/helpers.ts';
import { useTestApp, cast } from '../../../test/factories.ts';
import { loginAtIdAustria } from '../../../test/sandbox-idp-login.ts';

const maria = { givenName: 'Maria', familyName: 'Gruber', birthDate: '1984-03-17' };

describe.each(databaseKinds)('ID Austria over OpenID Connect (%s)', (kind) => {
  const t = useTestApp(kind, { listen: true, users: cast('owner', 'stranger') });
  const sandbox = (path: string) => `${t.config.trustServicesUrl}${path}`;
  const setFault = (idAustriaIdToken: string) =>
    fetch(sandbox('/control/faults'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idAustriaIdToken }),
    });

  async function startSignup(): Promise<string> {
    const started = await t.call('POST', '/v1/signup/eid/id-austria', null, {});
    expect(started.statusCode).toBe(200);
    return json<{ url: string }>(started).url;
  }
  /** Finishes the sign-up of the eID login `state` with an e-mail address and a password. */
  const finishSignup = (state: string | undefined, password = strongPassword, email = t.email('eid')) =>
    t.call('POST', '/v1/signup/eid', null, { state, email, password, gtc: true });

  it('publishes its discovery document and signing keys under the sandbox', async () => {
    const discovery = (await (
      await fetch(sandbox('/id-austria/.well-known/openid-configuration'))
    ).json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(t.config.idAustria.issuer);
    expect(discovery.code_challenge_methods_supported).toContain('S256');
    const jwks = (await (await fetch(sandbox('/id-austria/jwks'))).json()) as {
      keys: Array<Record<string, unknown>>;
    };
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('sends the browser to the provider with PKCE, state and nonce, back to the profile page', async () => {
    const started = await t.call('POST', '/v1/user/eid/id-austria', t.users.owner, {});
    expect(started.statusCode).toBe(200);
    const url = new URL(json<{ url: string }>(started).url);
    expect(url.href.startsWith(`${t.config.idAustria.issuer}/`)).toBe(true);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')?.length).toBeGreaterThanOrEqual(32);
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(
      `${t.config.publicUrl}/profile/signature-standards/id-austria-success`,
    );
  });

  it('signs up with the eID: names from the ID token, immutable, e-mail confirmed from its inbox', async () => {
    const answer = await loginAtIdAustria(await startSignup(), maria);
    const person = await t.call('POST', '/v1/signup/eid/id-austria/callback', null, answer);
    expect(person.statusCode).toBe(200);
    expect(json(person)).toEqual({ firstName: 'Maria', lastName: 'Gruber', birthDate: '1984-03-17' });
    // The same answer again: the login was redeemed already.
    const replay = await t.call('POST', '/v1/signup/eid/id-austria/callback', null, answer);
    expect(replay.statusCode).toBe(400);
    expect(json(replay).code).toBe('EID_LOGIN_INVALID');

    const email = t.email('eid');
    const weak = await finishSignup(answer.state, 'gruber', email);
    expect(json(weak).code).toBe('PASSWORD_POLICY');
    const made = await finishSignup(answer.state, strongPassword, email);
    expect(made.statusCode).toBe(201);
    const headers = { authorization: `Bearer ${json<{ value: string }>(made).value}` };
    const user = json<{
      firstName: string;
      lastName: string;
      emailVerified: boolean;
      attributes: { immutable_eid_fields: string[] };
    }>(await t.call('GET', '/v1/user', { headers }));
    expect(user).toMatchObject({ firstName: 'Maria', lastName: 'Gruber', emailVerified: false });
    expect(user.attributes.immutable_eid_fields).toEqual(['firstName', 'lastName']);
    const mails = await deliveredMails(t, email);
    expect(mails[0]?.text).toContain('/profile/confirm?token=');
    // One login makes one account.
    const again = await finishSignup(answer.state);
    expect(json(again).code).toBe('EID_LOGIN_INVALID');

    const rename = await t.call('PUT', '/v1/user', { headers }, { lastName: 'Someone' });
    expect(rename.statusCode).toBe(409);
    expect(json(rename)).toMatchObject({ code: 'EID_FIELD_IMMUTABLE', field: 'lastName' });
    const sameName = await t.call(
      'PUT',
      '/v1/user',
      { headers },
      { lastName: 'Gruber', attributes: { lang: 'de-ch' } },
    );
    expect(sameName.statusCode).toBe(200);
  });

  it('refuses an unknown state, and a state of another person', async () => {
    const unknown = await t.call('POST', '/v1/user/eid/id-austria/callback', t.users.owner, {
      state: 'x'.repeat(43),
      code: 'whatever',
    });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown)).toMatchObject({ code: 'EID_LOGIN_INVALID', field: 'state' });
    const started = await t.call('POST', '/v1/user/eid/id-austria', t.users.owner, {});
    const answer = await loginAtIdAustria(json<{ url: string }>(started).url, maria);
    const stolen = await t.call('POST', '/v1/user/eid/id-austria/callback', t.users.stranger, answer);
    expect(json(stolen).code).toBe('EID_LOGIN_INVALID');
    const asSignup = await t.call('POST', '/v1/signup/eid/id-austria/callback', null, answer);
    expect(json(asSignup).code).toBe('EID_LOGIN_INVALID');
  });

  it('refuses a cancelled login and a code that does not belong to the state', async () => {
    const cancelled = await loginAtIdAustria(await startSignup(), 'cancel');
    expect(cancelled.error).toBe('access_denied');
    const refused = await t.call('POST', '/v1/signup/eid/id-austria/callback', null, cancelled);
    expect(json(refused)).toMatchObject({ code: 'EID_LOGIN_REFUSED', details: { eidRefusal: 'cancelled' } });

    // A code of one login with the state of another: the provider refuses it (PKCE, and one use only).
    const first = await loginAtIdAustria(await startSignup(), maria);
    const second = await loginAtIdAustria(await startSignup(), maria);
    const swapped = await t.call('POST', '/v1/signup/eid/id-austria/callback', null, {
      ...second,
      code: first.code,
    });
    expect(json(swapped)).toMatchObject({
      code: 'EID_LOGIN_REFUSED',
      details: { eidRefusal: 'providerError' },
    });
  });

  for (const [fault, what] of [
    ['foreignKey', 'signed by a key the provider never published'],
    ['wrongIssuer', 'naming another issuer'],
    ['wrongNonce', 'with a nonce Signet never sent'],
  ] as const)
    it(`refuses an ID token ${what}`, async () => {
      const answer = await loginAtIdAustria(await startSignup(), maria);
      await setFault(fault);
      try {
        const refused = await t.call('POST', '/v1/signup/eid/id-austria/callback', null, answer);
        expect(refused.statusCode).toBe(400);
        expect(json(refused)).toMatchObject({
          code: 'EID_LOGIN_REFUSED',
          details: { eidRefusal: 'tokenInvalid' },
        });
      } finally {
        await setFault('none');
      }
      const noAccount = await finishSignup(answer.state);
      expect(json(noAccount).code).toBe('EID_LOGIN_INVALID');
    });
});
