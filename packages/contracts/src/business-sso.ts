import { z } from 'zod';
import { Email } from './common.ts';

/**
 * A business's single sign-on over OpenID Connect (spec §2 /signup/sso, §7 identity_providers):
 * the provider its people of its verified domains log in with. The client secret goes in, never
 * out: the answer only says whether one is stored.
 */
export const IdentityProviderSettings = z.object({
  issuer: z.string(),
  clientId: z.string(),
  enabled: z.boolean(),
  /** A client secret is stored (it is never shown again). */
  hasClientSecret: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type IdentityProviderSettings = z.infer<typeof IdentityProviderSettings>;

/** What the admin pastes into the provider, and the settings once made (null: none yet). */
export const IdentityProviderView = z.object({
  /** Signet's redirect URI, to register at the provider for this client. */
  redirectUri: z.string(),
  /** The scopes Signet asks for. */
  scopes: z.string(),
  /** The business's verified domains: the addresses single sign-on applies to. */
  domains: z.array(z.string()),
  provider: IdentityProviderSettings.nullable(),
});
export type IdentityProviderView = z.infer<typeof IdentityProviderView>;

/** An issuer identifier (OpenID Connect Discovery §2): https, or http on this machine for testing. */
const Issuer = z
  .url({ protocol: /^https?$/, message: 'Give the issuer URL, such as https://login.example.com' })
  .max(500)
  .transform((value) => value.replace(/\/$/, ''))
  .refine((value) => !new URL(value).search && !new URL(value).hash, {
    message: 'An issuer URL has no query and no fragment',
  });

export const PutIdentityProviderBody = z.strictObject({
  issuer: Issuer,
  clientId: z.string().trim().min(1, 'Give the client id the provider issued').max(255),
  /** Required the first time; left out, the stored one stays. */
  clientSecret: z.string().min(1, 'Give the client secret the provider issued').max(500).optional(),
  enabled: z.boolean(),
});
export type PutIdentityProviderBody = z.input<typeof PutIdentityProviderBody>;

/** Why a single sign-on did not sign the person in (the /sso/error page's `reason`). */
export const SsoFailure = z.enum([
  /** The login is unknown, expired, used already, or was started in another browser. */
  'state',
  /** The person cancelled at the provider. */
  'cancelled',
  /** The provider refused the code (replayed, expired) or the login. */
  'provider',
  /** The ID token failed a check (signature, issuer, audience, nonce). */
  'token',
  /** The provider could not be reached. */
  'unavailable',
  /** The provider did not vouch for the e-mail address (missing, or not verified). */
  'email',
  /** The business has switched single sign-on off meanwhile. */
  'disabled',
  /** The person's account belongs to another business, or the business has no free seat. */
  'membership',
]);
export type SsoFailure = z.infer<typeof SsoFailure>;

/** What the provider sends the browser back with (OpenID Connect Core §3.1.2.5 and §3.1.2.6). */
export const SsoCallbackQuery = z.looseObject({
  state: z.string().max(500).optional(),
  code: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
});

export const IdentityProvidersBody = z.strictObject({ email: Email });
/**
 * The provider's authorization URL when the address's domain is verified by a business with single
 * sign-on switched on; null otherwise (password login).
 */
export const IdentityProvidersResponse = z.object({ url: z.string().nullable() });
