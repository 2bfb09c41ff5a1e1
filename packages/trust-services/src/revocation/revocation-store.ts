import { join } from 'node:path';
import type { Clock } from '../control/clock.js';
import type { FaultSwitches } from '../control/faults.js';
import type { SandboxPki } from '../pki/sandbox-pki.js';
import { FileBackedValue, stateDir, writeFileAtomic } from '../pki/state-files.js';

/** CRLReason values of RFC 5280 §5.3.1 (value 7 is unused). */
export const revocationReasonCodes = {
  unspecified: 0,
  keyCompromise: 1,
  cACompromise: 2,
  affiliationChanged: 3,
  superseded: 4,
  cessationOfOperation: 5,
  certificateHold: 6,
  removeFromCRL: 8,
  privilegeWithdrawn: 9,
  aACompromise: 10,
} as const;
export type RevocationReason = keyof typeof revocationReasonCodes;

export interface Revocation {
  serialHex: string;
  issuerId: string;
  reason: RevocationReason;
  revokedAt: string;
}

export interface RevocationStore {
  add(revocation: Revocation): Promise<void>;
  /** The revocation of a serial if it has taken effect by `at`. */
  find(serialHex: string, at: Date): Revocation | undefined;
  /** Revocations of one CA in effect at `at`, for its CRL. */
  byIssuer(issuerId: string, at: Date): Revocation[];
}

/** What the OCSP responder and the CRL issuer answer from: the CAs, their revocations, the time, the faults. */
export interface RevocationServiceDeps {
  pki: SandboxPki;
  revocations: RevocationStore;
  clock: Clock;
  faults: FaultSwitches;
}

/** `revocations.json`, rewritten atomically on every change and cached in memory for lookups. */
export async function openRevocationStore(dataDir: string): Promise<RevocationStore> {
  const path = join(stateDir(dataDir), 'revocations.json');
  const stored = new FileBackedValue(
    path,
    (text) =>
      new Map<string, Revocation>(
        text ? (JSON.parse(text) as Revocation[]).map((r) => [r.serialHex, r]) : [],
      ),
  );
  // A revocation dated in the future (relative to the settable clock) is not in effect yet.
  const effective = (r: Revocation, at: Date) => Date.parse(r.revokedAt) <= at.getTime();
  return {
    async add(revocation) {
      const next = new Map(stored.get()).set(revocation.serialHex, revocation);
      await writeFileAtomic(path, `${JSON.stringify([...next.values()], null, 2)}\n`);
    },
    find(serialHex, at) {
      const revocation = stored.get().get(serialHex);
      return revocation && effective(revocation, at) ? revocation : undefined;
    },
    byIssuer: (issuerId, at) =>
      [...stored.get().values()].filter((r) => r.issuerId === issuerId && effective(r, at)),
  };
}
