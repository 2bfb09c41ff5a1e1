import { createHash } from 'node:crypto';
import Provider, { type Configuration } from 'oidc-provider';
import { sandboxProviderConfiguration } from '../oidc/sandbox-provider-configuration.js';
import type { IdAustriaKeys } from '../id-austria/id-austria-keys.js';

/** A person of the simulated company directory, as the tester types them on its login page. */
interface DirectoryPerson {
  email: string;
  givenName: string;
  familyName: string;
}

export interface DirectoryProvider {
  provider: Provider;
  /** The subject the login page logs in with, remembered for the ID token's claims. */
  remember(person: DirectoryPerson): string;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) playing a company's directory (the
 * kind a business connects for single sign-on): authorization code flow with PKCE required, ID
 * tokens signed RS256 carrying the person's e-mail address (verified) and names (scopes `email
 * profile`). Relying parties register themselves (OpenID Connect Dynamic Client Registration at
 * `/reg`), as an admin would register Signet at their own provider; clients live in memory.
 */
export function createDirectoryProvider(options: {
  issuer: string;
  keys: IdAustriaKeys;
  /** Where the provider sends the browser to log in (the login page, under the issuer's path). */
  interactionPath: string;
}): DirectoryProvider {
  const people = new Map<string, DirectoryPerson>();
  const configuration: Configuration = {
    ...sandboxProviderConfiguration({ title: 'Company directory', ...options }),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    scopes: ['openid', 'email', 'profile'],
    features: { devInteractions: { enabled: false }, registration: { enabled: true } },
    findAccount: (_ctx, sub) => {
      const person = people.get(sub);
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: person.email,
          email_verified: true,
          given_name: person.givenName,
          family_name: person.familyName,
        }),
      };
    },
  };
  const provider = new Provider(options.issuer, configuration);
  // The host sets Host and X-Forwarded-Proto to the public address before handing a request over.
  provider.proxy = true;
  return {
    provider,
    remember(person) {
      const sub = `dir-${createHash('sha256').update(person.email).digest('base64url').slice(0, 27)}`;
      people.set(sub, person);
      return sub;
    },
  };
}
