import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { OidcLoginStart } from '../../adapters/oidc-client.ts';
import { hashToken } from '../../plugins/auth.ts';
import * as repo from './eid-logins.repository.ts';

// The logins with OpenID Connect providers (ID Austria, the businesses' single sign-on) between the
// browser leaving for the provider and coming back: kept by the hash of their state, redeemed once.

export type OidcLogin = repo.EidLoginRow;
type LoginDeps = { db: Db; clock: Clock };

/** A login the person does not finish within this time is refused; the signup form included. */
const loginLifetimeMs = 30 * 60 * 1000;

/** Keeps what the login needs until the browser comes back (never its state, only the state's hash). */
export async function keepLogin(
  deps: LoginDeps,
  started: OidcLoginStart,
  login: Pick<OidcLogin, 'provider' | 'purpose' | 'ownerKind' | 'ownerId' | 'signatureRequestId'>,
): Promise<void> {
  const now = deps.clock.now();
  await repo.deleteExpired(deps.db, now);
  await repo.insertLogin(deps.db, {
    id: randomUUID(),
    stateHash: hashToken(started.state),
    ...login,
    nonce: started.nonce,
    codeVerifier: started.codeVerifier,
    createdAt: now,
    expiresAt: new Date(now.getTime() + loginLifetimeMs),
  });
}

/**
 * The login of `state`, claimed for its one code exchange when `belongs` accepts it: null when it
 * is unknown, expired, exchanged already, or not the caller's.
 */
export async function claimLogin(
  deps: LoginDeps,
  state: string,
  belongs: (login: OidcLogin) => boolean,
): Promise<OidcLogin | null> {
  const stateHash = hashToken(state);
  const found = await repo.findByState(deps.db, stateHash);
  if (!found || !belongs(found)) return null;
  return repo.claimForExchange(deps.db, stateHash, deps.clock.now());
}

/** The login of `state` as it is now (no claim). */
export function findLogin(deps: LoginDeps, state: string): Promise<OidcLogin | null> {
  return repo.findByState(deps.db, hashToken(state));
}

/** What the code exchange found (the person, or the account signed in), kept until it is used. */
export function keepIdentity(deps: LoginDeps, login: OidcLogin, identity: unknown): Promise<void> {
  return repo.setIdentity(deps.db, login.id, identity);
}

/** Claims an exchanged login of `purpose` for its one use (an account made, a session handed over). */
export function claimExchanged(
  deps: LoginDeps,
  state: string,
  purpose: OidcLogin['purpose'],
): Promise<OidcLogin | null> {
  return repo.claimForUse(deps.db, hashToken(state), purpose, deps.clock.now());
}
