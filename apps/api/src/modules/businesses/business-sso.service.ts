import type { IdentityProviderView, PutIdentityProviderBody } from '@signet/contracts/business-sso';
import type { z } from 'zod';
import { OidcClient, OidcProviderUnavailable } from '../../adapters/oidc-client.ts';
import { AppError } from '../../errors.ts';
import type { BusinessCaller, BusinessesDeps } from './business-caller.ts';
import { verifiedDomainNames } from './business-domains.repository.ts';
import * as repo from './business-sso.repository.ts';
import type { SecretSealer } from '../../sealed-secrets.ts';

// A business's single sign-on settings: the admins set up the OpenID Connect provider their people
// log in with; the client secret is sealed with the installation's key and never shown again.

/** The scopes Signet asks every identity provider for: the subject, the address, the names. */
const ssoScopes = 'openid email profile';

/** Where the identity providers send the browser back (the client's redirect URI). */
export const ssoCallbackPath = '/api/v1/sso/callback';

export interface BusinessSsoDeps extends BusinessesDeps {
  /** Seals the client secrets under the installation's key (sealed-secrets.ts). */
  secrets: SecretSealer;
  /** Maps a public URL of a provider to where this server reaches it (the embedded sandbox). */
  rewrite: (url: string) => string;
  /** Refuses provider addresses Signet may not call (private networks, unless the operator allows them). */
  checkUrl: (url: string) => Promise<void>;
}

/** The OpenID Connect client of a business's stored settings. */
export function clientOf(deps: BusinessSsoDeps, row: repo.IdentityProviderRow): OidcClient {
  return new OidcClient({
    name: 'The identity provider',
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: deps.secrets.open(row.clientSecretSealed),
    scope: ssoScopes,
    rewrite: deps.rewrite,
    checkUrl: deps.checkUrl,
  });
}

async function viewOf(
  deps: BusinessSsoDeps,
  businessId: string,
  row: repo.IdentityProviderRow | null,
): Promise<IdentityProviderView> {
  return {
    redirectUri: `${deps.publicUrl}${ssoCallbackPath}`,
    scopes: ssoScopes,
    domains: await verifiedDomainNames(deps.db, businessId),
    provider: row && {
      issuer: row.issuer,
      clientId: row.clientId,
      enabled: row.enabled,
      hasClientSecret: true,
      updatedAt: row.updatedAt.toISOString(),
    },
  };
}

export async function getIdentityProvider(
  deps: BusinessSsoDeps,
  caller: BusinessCaller,
): Promise<IdentityProviderView> {
  return viewOf(deps, caller.businessId, await repo.findProvider(deps.db, caller.businessId));
}

/**
 * Saves the settings once the issuer's discovery document was read and names this issuer: settings
 * that could never log anyone in are refused at once, naming the issuer.
 */
export async function putIdentityProvider(
  deps: BusinessSsoDeps,
  caller: BusinessCaller,
  body: z.infer<typeof PutIdentityProviderBody>,
): Promise<IdentityProviderView> {
  const stored = await repo.findProvider(deps.db, caller.businessId);
  const clientSecret = body.clientSecret ?? (stored && deps.secrets.open(stored.clientSecretSealed));
  if (!clientSecret)
    throw new AppError('VALIDATION_FAILED', 'Give the client secret the identity provider issued', {
      field: 'clientSecret',
    });
  const now = deps.clock.now();
  const row: repo.IdentityProviderRow = {
    businessId: caller.businessId,
    issuer: body.issuer,
    clientId: body.clientId,
    clientSecretSealed: deps.secrets.seal(clientSecret),
    enabled: body.enabled,
    createdAt: stored?.createdAt ?? now,
    updatedAt: now,
  };
  try {
    await clientOf(deps, row).discovered();
  } catch (error) {
    if (!(error instanceof OidcProviderUnavailable)) throw error;
    // The provider's own error text stays in the log: it may describe hosts the admin cannot see.
    throw new AppError(
      'IDENTITY_PROVIDER_UNUSABLE',
      `Signet could not read an OpenID Connect discovery document for this issuer at ${body.issuer}/.well-known/openid-configuration`,
      { field: 'issuer', cause: error },
    );
  }
  return viewOf(deps, caller.businessId, await repo.upsertProvider(deps.db, row));
}

export async function deleteIdentityProvider(deps: BusinessSsoDeps, caller: BusinessCaller): Promise<void> {
  if (!(await repo.deleteProvider(deps.db, caller.businessId)))
    throw new AppError('NOT_FOUND', 'Your business has no single sign-on set up');
}
