import { OidcClient, OidcLoginRefused, type OidcLoginStart } from './oidc-client.ts';

/** The person the ID token names: the sector-specific subject, the names and the birth date. */
export interface OidcPerson {
  subject: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  birthDate: string;
}

export interface IdAustriaOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Maps a public URL of the provider to where this server reaches it (the embedded sandbox on loopback). */
  rewrite: (url: string) => string;
}

/**
 * ID Austria as an OpenID Connect provider (oidc-client.ts does the protocol): the person is read
 * from the ID token's names and birth date (scope `profile`).
 */
export class IdAustriaAdapter {
  private readonly client: OidcClient;

  constructor(options: IdAustriaOptions) {
    this.client = new OidcClient({ ...options, name: 'ID Austria', scope: 'openid profile' });
  }

  start(redirectUri: string): Promise<OidcLoginStart> {
    return this.client.start(redirectUri);
  }

  /**
   * Redeems the provider's answer (the query it sent the browser back with). Throws OidcLoginRefused
   * when the person cancelled, the provider refused the code, or the ID token fails a check.
   */
  async redeem(
    redirectUri: string,
    answer: Record<string, string>,
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<OidcPerson> {
    const claims = await this.client.redeem(redirectUri, answer, expected);
    const person = {
      subject: claims.sub,
      firstName: claims.given_name,
      lastName: claims.family_name,
      birthDate: claims.birthdate,
    };
    if (
      typeof person.subject !== 'string' ||
      typeof person.firstName !== 'string' ||
      typeof person.lastName !== 'string' ||
      typeof person.birthDate !== 'string' ||
      !/^\d{4}-\d{2}-\d{2}$/.test(person.birthDate)
    )
      throw new OidcLoginRefused('tokenInvalid', 'The ID token lacks the names or the birth date.');
    return person as OidcPerson;
  }
}
