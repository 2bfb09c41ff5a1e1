import { createHash, generateKeyPairSync } from 'node:crypto';
import Provider, { type Configuration } from 'oidc-provider';
import { decodeJwt, importJWK, SignJWT } from 'jose';
import { sandboxProviderConfiguration } from '../oidc/sandbox-provider-configuration.js';
import type { IdAustriaKeys } from './id-austria-keys.js';
import { recordSubject, type AustrianIdentity } from './subject-records.js';

/** The client the host registers with the sandbox ID Austria (the relying party, i.e. Signet). */
export interface IdAustriaClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

/** Sample people the login page offers; the tester may edit every field before logging in. */
export const sampleIdentities: readonly AustrianIdentity[] = [
  { givenName: 'Maria', familyName: 'Gruber', birthDate: '1984-03-17' },
  { givenName: 'Lukas', familyName: 'Huber', birthDate: '1991-11-02' },
  { givenName: 'Anna-Lena', familyName: 'Steiner', birthDate: '1978-06-29' },
  { givenName: 'Jürgen', familyName: 'Pichler', birthDate: '1965-01-08' },
];

/**
 * How the token endpoint misbehaves on purpose, so a relying party's checks can be tested: an ID
 * token signed by a key the provider never published, one naming another issuer, or one carrying a
 * nonce the relying party never sent.
 */
export type IdTokenFault = 'none' | 'foreignKey' | 'wrongIssuer' | 'wrongNonce';

/**
 * The subject identifier: ID Austria gives each relying party a sector-specific personal identifier
 * (bPK) that stays the same for the same person; here derived from the identity itself.
 */
function subjectOf(identity: AustrianIdentity): string {
  const digest = createHash('sha256')
    .update(`${identity.givenName}\n${identity.familyName}\n${identity.birthDate}`)
    .digest('base64url');
  return `bpk-${digest.slice(0, 27)}`;
}

export interface IdAustriaProvider {
  provider: Provider;
  /** The subject the login page logs in with, remembered for the token's claims and the RA. */
  remember(identity: AustrianIdentity): Promise<string>;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) playing ID Austria: authorization
 * code flow with PKCE required, one confidential client, ID tokens signed RS256 with the key from
 * the data dir and carrying the person's names and birth date (scope `profile`).
 */
export async function createIdAustriaProvider(options: {
  issuer: string;
  dataDir: string;
  keys: IdAustriaKeys;
  client: IdAustriaClient;
  /** Where the provider sends the browser to log in (the login page, under the issuer's path). */
  interactionPath: string;
  idTokenFault: () => IdTokenFault;
}): Promise<IdAustriaProvider> {
  // The people who logged in, by subject: the provider's grants and codes live in memory too.
  const identities = new Map<string, AustrianIdentity>();
  const configuration: Configuration = {
    ...sandboxProviderConfiguration({ title: 'ID Austria', ...options }),
    clients: [
      {
        client_id: options.client.clientId,
        client_secret: options.client.clientSecret,
        redirect_uris: options.client.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], profile: ['given_name', 'family_name', 'birthdate'] },
    scopes: ['openid', 'profile'],
    features: { devInteractions: { enabled: false } },
    findAccount: (_ctx, sub) => {
      const identity = identities.get(sub);
      if (!identity) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          given_name: identity.givenName,
          family_name: identity.familyName,
          birthdate: identity.birthDate,
        }),
      };
    },
  };
  const provider = new Provider(options.issuer, configuration);
  // The host sets Host and X-Forwarded-Proto to the public address before handing a request over.
  provider.proxy = true;
  const faulty = faultyIdTokens(options);
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path === '/token' && ctx.status === 200) await faulty(ctx);
  });
  return {
    provider,
    async remember(identity) {
      const sub = subjectOf(identity);
      identities.set(sub, identity);
      await recordSubject(options.dataDir, sub, identity);
      return sub;
    },
  };
}

/** Rewrites the issued ID token as the switched-on fault says. */
function faultyIdTokens(options: { issuer: string; keys: IdAustriaKeys; idTokenFault: () => IdTokenFault }) {
  let foreignKey: ReturnType<typeof generateKeyPairSync>['privateKey'] | undefined;
  return async (ctx: { body: unknown }) => {
    const fault = options.idTokenFault();
    const body = ctx.body as { id_token?: string } | undefined;
    if (fault === 'none' || !body?.id_token) return;
    const claims = decodeJwt(body.id_token);
    if (fault === 'wrongIssuer') claims.iss = 'https://idp.invalid/id-austria';
    if (fault === 'wrongNonce') claims.nonce = 'a-nonce-nobody-sent';
    const { kid } = options.keys.signingKey;
    let key;
    if (fault === 'foreignKey') {
      foreignKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
      key = foreignKey;
    } else key = await importJWK(options.keys.signingKey, 'RS256');
    body.id_token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', ...(kid ? { kid } : {}) })
      .sign(key);
  };
}
