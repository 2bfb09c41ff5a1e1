import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { visibleRequest } from './request-access.service.ts';
import * as repo from './signature-requests.repository.ts';
import type { SignatureRequestsDeps } from './signature-requests.service.ts';

// Signing locks: one signer at a time per request, across every API process (ARCHITECTURE.md §3).
// A lock row says who signs and until when; the row lock of each signing transaction does the rest.

/** The lock-status call: whether somebody is signing the request now, and for how long at most. */
export async function lockStatus(deps: SignatureRequestsDeps, caller: Caller, id: string) {
  await visibleRequest(deps, caller, id);
  const now = deps.clock.now();
  const lock = await repo.readLock(deps.db, id, now);
  return {
    locked: lock !== null,
    retry_after_seconds: lock
      ? Math.max(1, Math.ceil((lock.expiresAt.getTime() - now.getTime()) / 1000))
      : null,
  };
}

/** What taking a signing lock needs: the database, and the key of this process's liveness session. */
type LockDeps = Pick<SignatureRequestsDeps, 'db'> & { processKey: () => number | null };

/**
 * Takes the request's signing lock for `holder` until `now + ttlMs`, marked as this process's (it
 * ends with the process); false while somebody else holds it.
 */
export function acquireSigningLock(
  deps: LockDeps,
  lock: { requestId: string; holder: string; ttlMs: number },
  now: Date,
): Promise<boolean> {
  return repo.acquireLock(deps.db, lock.requestId, lock.holder, now, lock.ttlMs, deps.processKey());
}

/**
 * Takes the signing lock of every request for `holder`, or none: when one is held by somebody
 * else, those taken are given back and the signer is told to retry (REQUEST_LOCKED).
 */
export async function holdSigningLocks(
  deps: LockDeps & Pick<SignatureRequestsDeps, 'clock'>,
  requestIds: string[],
  holder: string,
  ttlMs: number,
): Promise<void> {
  const taken: string[] = [];
  for (const requestId of requestIds) {
    if (await acquireSigningLock(deps, { requestId, holder, ttlMs }, deps.clock.now())) {
      taken.push(requestId);
      continue;
    }
    await releaseSigningLocks(deps.db, taken, holder);
    throw new AppError(
      'REQUEST_LOCKED',
      'Someone else is signing this request right now. Please try again in a moment.',
      { retryAfterSeconds: 5 },
    );
  }
}

/** Gives back the signing locks `holder` took (a lock another holder took over stays). */
export async function releaseSigningLocks(db: Db, requestIds: string[], holder: string): Promise<void> {
  for (const id of requestIds) await repo.releaseLock(db, id, holder);
}

/**
 * Signing locks of a process that died (crash, SIGKILL) would block signers until they expire.
 * The embedded database is opened by one process only, so at its start every lock is stale.
 * (On PostgreSQL, shared by several processes, a lock ends with its process's liveness session.)
 */
export function clearStaleLocks(deps: Pick<SignatureRequestsDeps, 'db'>): Promise<void> {
  return repo.clearLocks(deps.db);
}
