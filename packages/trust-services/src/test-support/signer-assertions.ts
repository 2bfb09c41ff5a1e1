// Test-only: the client side of signer assertions, as the API does it, with a key pair of the test's own.
import { generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { signerAssertionAuthDataId, signerAssertionType } from '../csc/signer-assertion.js';
import type { TrustServices } from '../trust-services.js';

/** The client key the test services are configured with. */
export const testSignerKeys = generateKeyPairSync('ed25519');

export interface AssertionClaims {
  credentialID: string;
  subject: string;
  hashes: string[];
  /** Seconds since the epoch; default now (real time). */
  issuedAt?: number;
  lifetimeSeconds?: number;
  jti?: string;
  type?: string;
  key?: KeyObject;
}

export function signerAssertion(claims: AssertionClaims): Promise<string> {
  const issuedAt = claims.issuedAt ?? Math.floor(Date.now() / 1000);
  return new SignJWT({ credentialID: claims.credentialID, hashes: claims.hashes })
    .setProtectedHeader({ alg: 'EdDSA', typ: claims.type ?? signerAssertionType })
    .setSubject(claims.subject)
    .setJti(claims.jti ?? randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + (claims.lifetimeSeconds ?? 60))
    .sign(claims.key ?? testSignerKeys.privateKey);
}

/** The authData a well-behaved client sends: a fresh assertion for the credential's own user. */
export async function presence(
  services: TrustServices,
  credentialID: string,
  hashes: string[],
): Promise<Array<{ id: string; value: string }>> {
  const credential = services.csc.resolve(credentialID);
  const subject = credential.userID ?? credential.credentialID;
  const issuedAt = Math.floor(services.control.clock.now().getTime() / 1000);
  return [
    {
      id: signerAssertionAuthDataId,
      value: await signerAssertion({ credentialID, subject, hashes, issuedAt }),
    },
  ];
}
