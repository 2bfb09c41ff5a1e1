import { randomBytes } from 'node:crypto';
import type { Clock } from '../control/clock.js';
import { CscError } from './csc-error.js';

export const sadLifetimeMs = 5 * 60_000;

interface SadGrant {
  credentialID: string;
  /** Authorized hashes, hex, sorted: the exact set signHash must present. */
  hashes: string[];
  expiresAt: number;
}

/** Canonical form of a base64 (or base64url) hash for comparison. */
export function hashKey(base64: string): string {
  return Buffer.from(base64, 'base64').toString('hex');
}

/**
 * Signature Activation Data (CSC v2 §11.9): single-use, bound to one credential and exactly the hashes it
 * was authorized for, and short-lived. Held in memory: the sandbox is one process and a SAD outliving a
 * restart would be a bug, not a feature.
 */
export class SadStore {
  private readonly grants = new Map<string, SadGrant>();

  constructor(private readonly clock: Clock) {}

  issue(credentialID: string, hashes: readonly string[]): { SAD: string; expiresIn: number } {
    const now = this.clock.now().getTime();
    for (const [sad, grant] of this.grants) if (grant.expiresAt <= now) this.grants.delete(sad);
    const SAD = randomBytes(32).toString('base64url');
    this.grants.set(SAD, {
      credentialID,
      hashes: hashes.map(hashKey).sort(),
      expiresAt: now + sadLifetimeMs,
    });
    return { SAD, expiresIn: sadLifetimeMs / 1000 };
  }

  /** Checks the SAD against the call and consumes it; a mismatch leaves it unused. */
  redeem(SAD: string, credentialID: string, hashes: readonly string[]): void {
    const grant = this.grants.get(SAD);
    const denied = (description: string) => new CscError(400, 'invalid_request', description);
    if (!grant || grant.credentialID !== credentialID)
      throw denied('Invalid SAD: unknown, already used or for another credential');
    if (grant.expiresAt <= this.clock.now().getTime()) {
      this.grants.delete(SAD);
      throw denied('Invalid SAD: expired');
    }
    const presented = hashes.map(hashKey).sort();
    if (presented.length !== grant.hashes.length || presented.some((h, i) => h !== grant.hashes[i]))
      throw denied('Invalid SAD: the hashes differ from those authorized');
    this.grants.delete(SAD);
  }
}
