import * as oidc from 'openid-client';

// One way of speaking OpenID Connect, for every provider Signet logs people in with (ID Austria,
// the businesses' own single sign-on): discovery, the authorization URL (code flow, PKCE S256,
// state and nonce), and the code redeemed once at the token endpoint with every check of the
// answer: state, issuer, audience, nonce, expiry, and the ID token's signature against the
// provider's published JWKS.

/** What a login needs to keep until the browser comes back: never sent anywhere but the provider. */
export interface OidcLoginStart {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
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

export interface OidcClientOptions {
  /** The provider's name in messages (never shown with a secret). */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Space-separated scopes asked for besides `openid`'s claims. */
  scope: string;
  /** Maps a public URL of the provider to where this server reaches it (the embedded sandbox on loopback). */
  rewrite?: (url: string) => string;
  /** Checked before each request to the provider, whose address a business admin may have chosen: throws to refuse it. */
  checkUrl?: (url: string) => Promise<void>;
}

/** The claims of a checked ID token. */
export type OidcClaims = oidc.IDToken;

export class OidcClient {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(private readonly options: OidcClientOptions) {}

  async start(redirectUri: string): Promise<OidcLoginStart> {
    const config = await this.discovered();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: this.options.scope,
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state, nonce, codeVerifier };
  }

  /**
   * Redeems the provider's answer (the query it sent the browser back with) for the ID token's
   * claims. Throws OidcLoginRefused when the person cancelled, the provider refused the code, or the
   * ID token fails a check.
   */
  async redeem(
    redirectUri: string,
    answer: Record<string, string>,
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<OidcClaims> {
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
      throw this.refusalOf(error);
    }
    if (!claims) throw new OidcLoginRefused('tokenInvalid', `${this.options.name} sent no ID token.`);
    return claims;
  }

  /** Discovery once (again after a failure): the provider's endpoints and its JWKS address. */
  discovered(): Promise<oidc.Configuration> {
    this.configuration ??= this.discover().catch((error: unknown) => {
      this.configuration = undefined;
      throw new OidcProviderUnavailable(`${this.options.name} discovery failed: ${(error as Error).message}`);
    });
    return this.configuration;
  }

  private async discover(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret } = this.options;
    const rewrite = this.options.rewrite ?? ((url: string) => url);
    const fetchVia: oidc.CustomFetch = async (url, init) => {
      const target = rewrite(url);
      await this.options.checkUrl?.(target);
      return fetch(target, { ...init, signal: AbortSignal.timeout(15_000) } as RequestInit);
    };
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

  private refusalOf(error: unknown): Error {
    const { name } = this.options;
    if (error instanceof oidc.AuthorizationResponseError)
      return error.error === 'access_denied'
        ? new OidcLoginRefused('cancelled', `The person cancelled the login at ${name}.`)
        : new OidcLoginRefused('providerError', `${name} refused the login: ${error.error}`);
    if (error instanceof oidc.ResponseBodyError)
      return new OidcLoginRefused('providerError', `${name} refused the code: ${error.error}`);
    if (error instanceof oidc.ClientError)
      return new OidcLoginRefused('tokenInvalid', `${name}'s answer failed a check: ${error.message}`);
    if (error instanceof TypeError || (error as Error).name === 'TimeoutError')
      return new OidcProviderUnavailable(`${name} unreachable: ${(error as Error).message}`);
    return new OidcLoginRefused(
      'tokenInvalid',
      `${name}'s answer failed a check: ${(error as Error).message}`,
    );
  }
}
