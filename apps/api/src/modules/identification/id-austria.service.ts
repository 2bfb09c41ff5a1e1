import type { z } from 'zod';
import type {
  EidCallbackBody,
  EidIdentification,
  EidPerson,
  StartEidIdentificationBody,
} from '@signet/contracts/eid';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import type { IdAustriaAdapter, OidcPerson } from '../../adapters/id-austria.ts';
import { OidcLoginRefused, OidcProviderUnavailable } from '../../adapters/oidc-client.ts';
import * as logins from './oidc-logins.service.ts';

// ID Austria logins: start (a state, nonce and PKCE verifier kept here, the browser sent to the
// provider) and finish (the code redeemed once, the ID token checked, the person taken from it).

/** The pages ID Austria sends the browser back to (registered as the client's redirect URIs). */
export const idAustriaReturnPaths = {
  user: '/profile/signature-standards/id-austria-success',
  visitor: '/direct-sign/identification/id-austria-success',
  signup: '/signup/flows/eidplus/confirm',
} as const;

/** Stores what ID Austria verified as eIDAS evidence of the caller; says whether it unlocks eIDAS QES. */
export type RecordEidEvidence = (
  caller: Caller,
  person: OidcPerson,
  signatureRequestId: string | null,
) => Promise<{ qesAvailable: boolean }>;

export interface IdAustriaDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  idAustria: IdAustriaAdapter;
  recordEvidence: RecordEidEvidence;
}

const redirectUri = (deps: IdAustriaDeps, kind: keyof typeof idAustriaReturnPaths) =>
  `${deps.publicUrl}${idAustriaReturnPaths[kind]}`;

async function startLogin(
  deps: IdAustriaDeps,
  login: Pick<logins.OidcLogin, 'purpose' | 'ownerId' | 'signatureRequestId'> & {
    ownerKind: keyof typeof idAustriaReturnPaths;
  },
): Promise<{ url: string }> {
  const started = await unavailableAsAppError(() => deps.idAustria.start(redirectUri(deps, login.ownerKind)));
  await logins.keepLogin(deps, started, { provider: 'id-austria', ...login });
  return { url: started.url };
}

export function startIdentification(
  deps: IdAustriaDeps,
  caller: Caller,
  body: z.infer<typeof StartEidIdentificationBody>,
): Promise<{ url: string }> {
  // A visitor identifies as the signer of their own request, and comes back to it.
  const signatureRequestId = caller.kind === 'visitor' ? caller.requestId : (body.signatureRequestId ?? null);
  return startLogin(deps, {
    purpose: 'identify',
    ownerKind: caller.kind,
    ownerId: caller.kind === 'user' ? caller.userId : caller.signerId,
    signatureRequestId,
  });
}

export function startSignup(deps: IdAustriaDeps): Promise<{ url: string }> {
  return startLogin(deps, {
    purpose: 'signup',
    ownerKind: 'signup',
    ownerId: null,
    signatureRequestId: null,
  });
}

const invalidLogin = () =>
  new AppError(
    'EID_LOGIN_INVALID',
    'This ID Austria login is unknown, expired or used already. Please start again.',
    {
      field: 'state',
    },
  );

/** Redeems the provider's answer for the login it belongs to, once; the owner must be the caller. */
async function redeem(
  deps: IdAustriaDeps,
  body: EidCallbackBody,
  owner: { kind: keyof typeof idAustriaReturnPaths; id: string | null },
): Promise<{ login: logins.OidcLogin; person: OidcPerson }> {
  const login = await logins.claimLogin(
    deps,
    body.state,
    (found) =>
      found.provider === 'id-austria' && found.ownerKind === owner.kind && found.ownerId === owner.id,
  );
  if (!login) throw invalidLogin();
  const answer: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) if (typeof value === 'string') answer[name] = value;
  const person = await unavailableAsAppError(() =>
    deps.idAustria.redeem(redirectUri(deps, owner.kind), answer, {
      state: body.state,
      nonce: login.nonce,
      codeVerifier: login.codeVerifier,
    }),
  );
  return { login, person };
}

export async function finishIdentification(
  deps: IdAustriaDeps,
  caller: Caller,
  body: EidCallbackBody,
): Promise<EidIdentification> {
  const ownerId = caller.kind === 'user' ? caller.userId : caller.signerId;
  const { login, person } = await redeem(deps, body, { kind: caller.kind, id: ownerId });
  const { qesAvailable } = await deps.recordEvidence(caller, person, login.signatureRequestId);
  return {
    provider: 'id-austria',
    legislation: 'eidas',
    verified: personOf(person),
    qesAvailable,
    signatureRequestId: login.signatureRequestId,
  };
}

/** Signup: the person the eID vouched for, kept with the login until the account is made from it. */
export async function signupPerson(deps: IdAustriaDeps, body: EidCallbackBody): Promise<EidPerson> {
  const { login, person } = await redeem(deps, body, { kind: 'signup', id: null });
  await logins.keepIdentity(deps, login, person);
  return personOf(person);
}

/**
 * The person of a redeemed signup login, claimed for making one account (a second claim finds
 * nothing). `state` is the login's own secret, which only the browser that went through it holds.
 */
export async function claimSignupPerson(
  deps: Pick<IdAustriaDeps, 'db' | 'clock'>,
  state: string,
): Promise<OidcPerson> {
  const login = await logins.claimExchanged(deps, state, 'signup');
  if (!login) throw invalidLogin();
  return login.identity as OidcPerson;
}

/** The person of a redeemed signup login that can still make an account (checked before the account's own checks). */
export async function signupLoginPerson(
  deps: Pick<IdAustriaDeps, 'db' | 'clock'>,
  state: string,
): Promise<OidcPerson> {
  const login = await logins.findLogin(deps, state);
  if (
    !login ||
    login.purpose !== 'signup' ||
    !login.identity ||
    login.usedAt ||
    login.expiresAt <= deps.clock.now()
  )
    throw invalidLogin();
  return login.identity as OidcPerson;
}

const personOf = (person: OidcPerson): EidPerson => ({
  firstName: person.firstName,
  lastName: person.lastName,
  birthDate: person.birthDate,
});

async function unavailableAsAppError<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof OidcLoginRefused)
      throw new AppError('EID_LOGIN_REFUSED', refusalMessages[error.reason], {
        details: { eidRefusal: error.reason },
      });
    if (error instanceof OidcProviderUnavailable)
      throw new AppError(
        'TRUST_SERVICE_UNAVAILABLE',
        'ID Austria cannot be reached just now. Please try again later.',
      );
    throw error;
  }
}

const refusalMessages: Record<OidcLoginRefused['reason'], string> = {
  cancelled: 'The login at ID Austria was cancelled. Start again to identify.',
  providerError: 'ID Austria did not confirm this login (a code is valid once). Please start again.',
  tokenInvalid: "ID Austria's answer did not pass Signet's checks. Please start again.",
};
