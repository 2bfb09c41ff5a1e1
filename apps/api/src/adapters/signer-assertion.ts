import { createPrivateKey, createPublicKey, randomUUID, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, SignJWT, type JWK } from 'jose';
import { installationSecret } from '../installation-secrets.ts';

/** The QTSP accepts only JWS of this type as signer assertions (see the README's QTSP section). */
const assertionType = 'signer-assertion+jwt';
/** One signing call: the QTSP refuses assertions that claim to last longer than two minutes. */
const assertionLifetimeSeconds = 60;
/** PKCS#8 wrapping of a raw 32-byte Ed25519 private key (RFC 8410): the seed follows this prefix. */
const ed25519Pkcs8Prefix = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface SignerAssertionClaims {
  /** The credential's user: the userID Signet enrolled the credential for. */
  signer: string;
  credentialID: string;
  /** The hashes this one authorization may sign. */
  hashes: readonly Uint8Array[];
}

/** The public key as published: the members a JWKS reader needs are always there. */
type PublishedJwk = JWK & Required<Pick<JWK, 'kty' | 'kid' | 'alg' | 'use'>>;

/**
 * Signet's word to the QTSP that a signer is present: before each authorization (implicit AES, QES
 * step-up, seals) the API signs a short, single-use assertion for that signer and exactly those
 * hashes, so the client token alone authorizes nothing. The Ed25519 key is generated per installation
 * into the data folder; the QTSP verifies with the public key, published as a JWKS.
 */
export class SignerAssertions {
  private constructor(
    private readonly privateKey: KeyObject,
    readonly publicKey: KeyObject,
    private readonly jwk: PublishedJwk,
  ) {}

  static async forInstallation(dataDir: string): Promise<SignerAssertions> {
    const seed = Buffer.from(installationSecret(dataDir, 'signer-assertion-key'), 'base64url');
    if (seed.length !== 32) throw new Error('the signer-assertion-key secret must hold 32 bytes');
    const privateKey = createPrivateKey({
      key: Buffer.concat([ed25519Pkcs8Prefix, seed]),
      format: 'der',
      type: 'pkcs8',
    });
    const publicKey = createPublicKey(privateKey);
    const exported = publicKey.export({ format: 'jwk' }) as JWK;
    // An Ed25519 public key is an octet key pair (RFC 8037), whatever the export's typing says.
    const kid = await calculateJwkThumbprint(exported);
    const jwk: PublishedJwk = { ...exported, kty: 'OKP', alg: 'EdDSA', use: 'sig', kid };
    return new SignerAssertions(privateKey, publicKey, jwk);
  }

  /** What a QTSP operator registers: the public key, as a JSON Web Key Set. */
  jwks(): { keys: PublishedJwk[] } {
    return { keys: [this.jwk] };
  }

  issue(claims: SignerAssertionClaims, now: Date): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({
      credentialID: claims.credentialID,
      hashes: claims.hashes.map((h) => Buffer.from(h).toString('base64')),
    })
      .setProtectedHeader({
        alg: 'EdDSA',
        typ: assertionType,
        kid: this.jwk.kid,
      })
      .setSubject(claims.signer)
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + assertionLifetimeSeconds)
      .sign(this.privateKey);
  }
}
