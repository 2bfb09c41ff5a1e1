import * as oidc from 'openid-client';

/** What the login needs to keep until the browser comes back: never sent anywhere but the provider. */
export interface OidcLoginStart {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The person the ID token names: the sector-specific subject, the names and the birth date. */
export interface OidcPerson {
  subject: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  birthDate: string;
}

/** Why an answer of the provider does not count. */
export type OidcRefusal = 'cancelled' | 'providerError' | 'tokenInvalid';

export class OidcLoginRefused extends Error {
  constructor(
    readonly reason: OidcRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'OidcLoginRefused';
  }
}

/** The provider could not be reached, or its metadata could not be used. */
export class OidcProviderUnavailable extends Error {}

export interface IdAustriaOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Maps a public URL of the provider to where this server reaches it (the embedded sandbox on loopback). */
  rewrite: (url: string) => string;
}

/**
 * ID Austria as an OpenID Connect provider, through `openid-client`: discovery, the authorization
 * URL (code flow, PKCE S256, state and nonce), and the code redeemed once at the token endpoint with
 * every check of the answer: state, issuer, audience, nonce, expiry, and the ID token's signature
 * against the provider's published JWKS.
 */
export class IdAustriaAdapter {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(private readonly options: IdAustriaOptions) {}

  async start(redirectUri: string): Promise<OidcLoginStart> {
    const config = await this.discovered();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state, nonce, codeVerifier };
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
    const config = await this.discovered();
    const currentUrl = new URL(redirectUri);
    for (const [name, value] of Object.entries(answer)) currentUrl.searchParams.set(name, value);
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      throw refusalOf(error);
    }
    const person = {
      subject: claims?.sub,
      firstName: claims?.given_name,
      lastName: claims?.family_name,
      birthDate: claims?.birthdate,
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

  /** Discovery once (again after a failure): the provider's endpoints and its JWKS address. */
  private discovered(): Promise<oidc.Configuration> {
    this.configuration ??= this.discover().catch((error: unknown) => {
      this.configuration = undefined;
      throw new OidcProviderUnavailable(`ID Austria discovery failed: ${(error as Error).message}`);
    });
    return this.configuration;
  }

  private async discover(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret, rewrite } = this.options;
    const fetchVia: oidc.CustomFetch = (url, init) =>
      fetch(rewrite(url), { ...init, signal: AbortSignal.timeout(15_000) } as RequestInit);
    const insecure = issuer.startsWith('http://');
    const config = await oidc.discovery(
      new URL(issuer),
      clientId,
      { client_secret: clientSecret, id_token_signed_response_alg: 'RS256' },
      oidc.ClientSecretBasic(clientSecret),
      // Plain HTTP only for an issuer configured so (the embedded sandbox on a developer's machine).
      { [oidc.customFetch]: fetchVia, ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}) },
    );
    config[oidc.customFetch] = fetchVia;
    // The ID token's signature is checked against the provider's JWKS, not only trusted for its channel.
    oidc.enableNonRepudiationChecks(config);
    return config;
  }
}

function refusalOf(error: unknown): Error {
  if (error instanceof oidc.AuthorizationResponseError)
    return error.error === 'access_denied'
      ? new OidcLoginRefused('cancelled', 'The person cancelled the login at ID Austria.')
      : new OidcLoginRefused('providerError', `ID Austria refused the login: ${error.error}`);
  if (error instanceof oidc.ResponseBodyError)
    return new OidcLoginRefused('providerError', `ID Austria refused the code: ${error.error}`);
  if (error instanceof oidc.ClientError)
    return new OidcLoginRefused('tokenInvalid', `ID Austria's answer failed a check: ${error.message}`);
  if (error instanceof TypeError || (error as Error).name === 'TimeoutError')
    return new OidcProviderUnavailable(`ID Austria unreachable: ${(error as Error).message}`);
  return new OidcLoginRefused(
    'tokenInvalid',
    `ID Austria's answer failed a check: ${(error as Error).message}`,
  );
}
