import type { Configuration } from 'oidc-provider';
import { escapeHtml } from '../http/html.js';
import type { IdAustriaKeys } from '../id-austria/id-austria-keys.js';

/**
 * What the sandbox's OpenID Connect providers (ID Austria, the company directory) share: their
 * keys, the code flow with PKCE required, short lives, the login page under the issuer's path, and
 * a plain error page naming the provider. Each adds its clients, claims, scopes and accounts.
 */
export function sandboxProviderConfiguration(options: {
  /** The provider's name on its pages, e.g. "ID Austria". */
  title: string;
  keys: IdAustriaKeys;
  interactionPath: string;
}): Configuration {
  return {
    jwks: { keys: [options.keys.signingKey as never] },
    cookies: { keys: options.keys.cookieKeys },
    // The relying party reads the person from the ID token; there is no userinfo round trip.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    // Short lives: a login is done in minutes; the relying party reads the ID token at once.
    ttl: {
      Interaction: 600,
      Session: 600,
      Grant: 600,
      AuthorizationCode: 60,
      AccessToken: 300,
      IdToken: 300,
    },
    responseTypes: ['code'],
    interactions: { url: (_ctx, interaction) => `${options.interactionPath}/${interaction.uid}` },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(options.title)} (SIMULATED): error</title></head><body><h1>${escapeHtml(options.title)} (SIMULATED)</h1><p>${escapeHtml(out.error)}: ${escapeHtml(out.error_description ?? '')}</p></body></html>`;
    },
  };
}
