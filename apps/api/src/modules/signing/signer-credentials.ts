import type { Caller } from '../../plugins/auth.ts';
import { findSignerCredential, saveSignerCredential } from './signing.repository.ts';
import { signerIdentity, signerKeyOf, type SigningContext } from './signing-context.ts';
import type { SigningDeps } from './signing-deps.ts';

// A person's own certificate below QES: enrolling one makes the QTSP generate a key and issue a
// certificate, the slowest step of a signature. An account keeps its credential per legislation
// and enrols again only when it is missing, about to expire, names another name or e-mail address,
// or the QTSP refused it. A visitor signs one request and enrols each time.

/**
 * A kept credential is used only while it stays valid this long: long enough for the signature,
 * its timestamp and the revocation data that prove it was valid when made.
 */
const renewalMs = 5 * 60_000;

/** The signer's AES credential for the request's legislation, authorized on Signet's word (implicit). */
export async function personalCredential(
  deps: SigningDeps,
  caller: Caller,
  context: SigningContext,
  renew: boolean,
): Promise<{ credentialID: string; certificates: string[] }> {
  const identity = await signerIdentity(deps, caller, context);
  const { legislation } = context.request;
  const issuedFor = `${identity.givenName}\n${identity.surname}\n${identity.email}`;
  const userId = caller.kind === 'user' ? caller.userId : null;
  const kept = userId && !renew ? await findSignerCredential(deps.db, userId, legislation) : null;
  if (kept && kept.issuedFor === issuedFor && kept.validTo.getTime() - deps.clock.now().getTime() > renewalMs)
    return { credentialID: kept.credentialId, certificates: kept.certificates };
  const enrolled = await deps.qtsp.enrol({
    ...identity,
    quality: 'aes',
    legislation,
    authMode: 'implicit',
    userID: signerKeyOf(caller),
  });
  if (userId)
    await saveSignerCredential(deps.db, {
      userId,
      legislation,
      credentialId: enrolled.credentialID,
      certificates: enrolled.certificates,
      validTo: new Date(enrolled.validTo),
      issuedFor,
      createdAt: deps.clock.now(),
    });
  return enrolled;
}
