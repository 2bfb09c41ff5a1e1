import type { SsoFailure } from '@signet/contracts/business-sso';
import { OidcLoginRefused, OidcProviderUnavailable, type OidcClaims } from '../../adapters/oidc-client.ts';
import { AppError } from '../../errors.ts';
import { takeHits } from '../../plugins/rate-limit.ts';
import { ssoAccount, type SsoPerson } from '../accounts/sso-accounts.service.ts';
import { startSession } from '../accounts/sessions.service.ts';
import * as logins from '../identification/oidc-logins.service.ts';
import { joinBusiness } from './business-invitations.service.ts';
import { verifiedDomainNames } from './business-domains.repository.ts';
import { lockBusiness, membershipOf } from './businesses.repository.ts';
import { requireFreeSeats, type SeatLimit } from './business-seats.service.ts';
import { clientOf, ssoCallbackPath, type BusinessSsoDeps } from './business-sso.service.ts';
import * as repo from './business-sso.repository.ts';

// A login through a business's single sign-on: started for an address of one of its verified
// domains, finished when the provider sends the browser back (the code redeemed once, state and
// nonce checked), and handed to the web app as a session once, to the browser that started it.

export type SsoLoginDeps = BusinessSsoDeps & SeatLimit;

/** Where the callback sends the browser: the web app takes the session over, or an error page. */
export type SsoOutcome = { to: 'session' } | { to: 'error'; reason: SsoFailure } | { to: 'company' };

/** Logins one client address may start in 15 minutes (each keeps a row until it expires). */
const startsPerAddress = { limit: 30, windowMs: 15 * 60 * 1000 };

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * Starts a login when the address's domain is verified by a business with single sign-on switched
 * on: the provider's authorization URL, and the state the browser keeps in its login cookie.
 */
export async function startSsoLogin(
  deps: SsoLoginDeps,
  email: string,
  ip: string,
): Promise<{ url: string; state: string } | null> {
  const provider = await repo.enabledProviderOfDomain(deps.db, domainOf(email));
  if (!provider) return null;
  const hits = await takeHits(deps.db, [{ key: `sso-start:${ip}`, ...startsPerAddress }], deps.clock.now());
  if (!hits.allowed)
    throw new AppError('TOO_MANY_ATTEMPTS', 'Too many single sign-ons started. Please wait and try again.', {
      retryAfterSeconds: hits.retryAfterSeconds,
    });
  let started;
  try {
    started = await clientOf(deps, provider).start(redirectUri(deps));
  } catch (error) {
    if (error instanceof OidcProviderUnavailable)
      throw new AppError(
        'TRUST_SERVICE_UNAVAILABLE',
        "Your company's identity provider cannot be reached just now. Please try again later.",
        { cause: error },
      );
    throw error;
  }
  await logins.keepLogin(deps, started, {
    provider: 'sso',
    purpose: 'sso',
    ownerKind: 'business',
    ownerId: provider.businessId,
    signatureRequestId: null,
  });
  return { url: started.url, state: started.state };
}

const redirectUri = (deps: SsoLoginDeps) => `${deps.publicUrl}${ssoCallbackPath}`;

const refusalReasons: Record<OidcLoginRefused['reason'], SsoFailure> = {
  cancelled: 'cancelled',
  providerError: 'provider',
  tokenInvalid: 'token',
};

/**
 * Finishes the login the provider sent the browser back for. `cookieState` is the state of the
 * login this browser started: an answer with another state (a login started elsewhere, pushed on
 * this browser) is refused before anything else. No account is made unless every check passed.
 */
export async function finishSsoLogin(
  deps: SsoLoginDeps,
  answer: Record<string, string>,
  cookieState: string | undefined,
): Promise<SsoOutcome> {
  const state = answer.state;
  if (!state || !cookieState || state !== cookieState) return { to: 'error', reason: 'state' };
  const login = await logins.claimLogin(deps, state, (found) => found.purpose === 'sso');
  if (!login?.ownerId) return { to: 'error', reason: 'state' };
  const businessId = login.ownerId;
  const provider = await repo.findProvider(deps.db, businessId);
  if (!provider?.enabled) return { to: 'error', reason: 'disabled' };
  let claims: OidcClaims;
  try {
    claims = await clientOf(deps, provider).redeem(redirectUri(deps), answer, {
      state,
      nonce: login.nonce,
      codeVerifier: login.codeVerifier,
    });
  } catch (error) {
    if (error instanceof OidcLoginRefused) return { to: 'error', reason: refusalReasons[error.reason] };
    if (error instanceof OidcProviderUnavailable) return { to: 'error', reason: 'unavailable' };
    throw error;
  }
  const person = personOf(claims);
  if (!person) return { to: 'error', reason: 'email' };
  if (!(await verifiedDomainNames(deps.db, businessId)).includes(domainOf(person.email)))
    return { to: 'company' };
  const signedIn = await signIn(deps, businessId, person);
  if (!signedIn) return { to: 'error', reason: 'membership' };
  await logins.keepIdentity(deps, login, { userId: signedIn });
  return { to: 'session' };
}

/** The person the ID token vouches for: only an address the provider says it verified counts. */
function personOf(claims: OidcClaims): SsoPerson | null {
  const { email, email_verified: verified } = claims;
  if (typeof email !== 'string' || !email.includes('@') || verified !== true) return null;
  const name = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 100) : '');
  return {
    email: email.toLowerCase(),
    firstName: name(claims.given_name),
    lastName: name(claims.family_name),
  };
}

/**
 * The person's account, made or found, as a member of the business (joining takes a seat). Null
 * when they belong to another business, or no seat is free: they are not signed in then.
 */
async function signIn(deps: SsoLoginDeps, businessId: string, person: SsoPerson): Promise<string | null> {
  try {
    return await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      await lockBusiness(tx, businessId);
      const { userId } = await ssoAccount(tx, person, now);
      const membership = await membershipOf(tx, userId);
      if (membership) {
        if (membership.businessId !== businessId) throw new NotAMember();
        return userId;
      }
      await requireFreeSeats(tx, businessId, [person.email], now, deps.seatLimit);
      await joinBusiness(tx, deps.clock, { businessId, userId, role: 'member', joinedAt: now });
      return userId;
    });
  } catch (error) {
    // The transaction is rolled back: a new account is not kept.
    if (error instanceof NotAMember || (error instanceof AppError && error.code === 'SEATS_EXHAUSTED'))
      return null;
    throw error;
  }
}

class NotAMember extends Error {}

/** The session of a finished login, once, for the browser whose login cookie names it. */
export async function takeSsoSession(
  deps: SsoLoginDeps,
  cookieState: string | undefined,
): Promise<{ value: string; expiration: string }> {
  const login = cookieState ? await logins.claimExchanged(deps, cookieState, 'sso') : null;
  const userId = (login?.identity as { userId?: unknown } | null)?.userId;
  if (typeof userId !== 'string')
    throw new AppError('SSO_LOGIN_INVALID', 'This single sign-on is unknown, expired or used already.');
  return startSession(deps, userId);
}
