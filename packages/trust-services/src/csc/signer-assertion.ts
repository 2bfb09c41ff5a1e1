import type { KeyObject } from 'node:crypto';
import { errors, jwtVerify } from 'jose';
import type { Clock } from '../control/clock.js';
import { CscError } from './csc-error.js';
import { hashKey } from './sad-store.js';

/** The JWS header `typ` of a signer assertion: nothing else signed with the key passes for one. */
export const signerAssertionType = 'signer-assertion+jwt';
/** The `authData` entry (CSC v2 credentials/authorize, and the step-up) that carries the assertion. */
export const signerAssertionAuthDataId = 'signer_assertion';
/** The longest life an assertion may claim: it covers one signing call, not a session. */
const maxAssertionLifetimeSeconds = 120;
/** Clocks of the client and the QTSP differ a little; more would stretch the two minutes. */
const clockToleranceSeconds = 5;

export interface ExpectedAssertion {
  credentialID: string;
  /** The credential's user (its userID at enrolment; the credential ID for one enrolled without). */
  subject: string;
  /** base64 hashes the call authorizes. */
  hashes: readonly string[];
}

const refused = (reason: string) =>
  new CscError(403, 'access_denied', `The signer assertion is not valid: ${reason}`, {
    code: 'SIGNER_ASSERTION_INVALID',
  });

/**
 * The client's proof that the signer is present for exactly this authorization: a JWS (EdDSA) signed
 * with the key the client registered, for one credential's user and exactly these hashes, at most two
 * minutes long and good once. The client token alone authorizes nothing: whoever learns it still
 * cannot sign in anyone's name. Seen assertion IDs are kept in memory until they expire (the sandbox
 * is one process, like its SADs).
 */
export class SignerAssertionVerifier {
  private readonly seen = new Map<string, number>();

  constructor(
    /** The client's public key; without one (in-process use), nothing can be authorized. */
    private readonly publicKey: KeyObject | undefined,
    private readonly clock: Clock,
  ) {}

  async verify(token: string | undefined, expected: ExpectedAssertion): Promise<void> {
    if (!token) throw refused(`send it as authData "${signerAssertionAuthDataId}"`);
    if (!this.publicKey) throw refused('no client key is registered with this service');
    const now = this.clock.now();
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.publicKey, {
        algorithms: ['EdDSA'],
        typ: signerAssertionType,
        currentDate: now,
        clockTolerance: clockToleranceSeconds,
        requiredClaims: ['jti', 'iat', 'exp', 'sub'],
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw refused('expired');
      if (error instanceof errors.JOSEError) throw refused(error.message);
      throw error;
    }
    const { jti, iat, exp, sub } = payload as { jti: string; iat: number; exp: number; sub: string };
    if (exp - iat > maxAssertionLifetimeSeconds)
      throw refused(`it may last ${maxAssertionLifetimeSeconds} seconds at most`);
    if (payload.credentialID !== expected.credentialID) throw refused('it is for another credential');
    if (sub !== expected.subject) throw refused("it is for someone other than the credential's user");
    const claimed = Array.isArray(payload.hashes) ? payload.hashes : [];
    if (!sameHashes(claimed, expected.hashes)) throw refused('it is for other hashes');
    for (const [id, expiresAt] of this.seen) if (expiresAt < now.getTime()) this.seen.delete(id);
    if (this.seen.has(jti)) throw refused('it was used already');
    this.seen.set(jti, (exp + clockToleranceSeconds) * 1000);
  }
}

function sameHashes(claimed: unknown[], presented: readonly string[]): boolean {
  if (claimed.length !== presented.length || claimed.some((h) => typeof h !== 'string')) return false;
  const a = (claimed as string[]).map(hashKey).sort();
  const b = presented.map(hashKey).sort();
  return a.every((h, i) => h === b[i]);
}
