import { scheduleRecurringJob } from '../../jobs/queue.ts';
import type { Db } from '../../db/client.ts';
import { usersWithRetention } from '../accounts/accounts.service.ts';
import { deleteUnusedDocuments } from '../documents/documents.service.ts';
import type { SignatureRequestsDeps } from './request-deps.ts';
import * as repo from './signature-requests.repository.ts';

/** The sweep needs the database and the time only. */
type RetentionDeps = Pick<SignatureRequestsDeps, 'db' | 'clock'>;

// Automatic deletion (spec §3 User retention, the profile settings): a user who chose it has each
// request they sent deleted, with its documents, `days` after it ended (signed, declined or
// withdrawn). A durable job sweeps once a day; a request goes at the first sweep after its time.

export const retentionJobKind = 'request-retention';
const dayMs = 24 * 60 * 60 * 1000;

/** Deletes every finished request whose owner's retention has run out; answers how many. */
export async function sweepExpiredRequests(deps: RetentionDeps): Promise<number> {
  const now = deps.clock.now();
  let deleted = 0;
  for (const owner of await usersWithRetention(deps)) {
    const before = new Date(now.getTime() - owner.days * dayMs);
    for (const id of await repo.finishedRequestIdsOfOwner(deps.db, owner.id, before))
      if (await deleteFinished(deps, id, owner.id, before)) deleted++;
  }
  return deleted;
}

/** One request and its documents that nothing else uses, if it is still finished and old enough. */
async function deleteFinished(
  deps: RetentionDeps,
  id: string,
  ownerId: string,
  before: Date,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const request = await repo.lockRequest(tx, id);
    const endedAt = request?.completedAt ?? request?.updatedAt;
    if (!request || request.status === 'OPEN' || request.status === 'DRAFT' || !endedAt || endedAt >= before)
      return false;
    const documentIds = await repo.documentIdsOf(tx, id);
    await repo.deleteRequest(tx, id);
    await deleteUnusedDocuments(deps, tx, ownerId, documentIds);
    return true;
  });
}

/** At start: the first sweep, unless one is waiting already (another process, an earlier start). */
export async function scheduleRetentionSweep(db: Db, now: Date): Promise<void> {
  await scheduleRecurringJob(db, retentionJobKind, now);
}

/** The job: sweeps, then schedules the next sweep a day later unless another process did. */
export async function runRetentionSweep(deps: RetentionDeps): Promise<void> {
  await sweepExpiredRequests(deps);
  const now = deps.clock.now();
  await scheduleRecurringJob(deps.db, retentionJobKind, new Date(now.getTime() + dayMs), now);
}
