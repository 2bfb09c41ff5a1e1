import type { RetentionDeletion } from '@signet/contracts/business-branding';
import { scheduleRecurringJob } from '../../jobs/queue.ts';
import type { Db } from '../../db/client.ts';
import type { SignatureRequestsDeps } from '../signature-requests/request-deps.ts';
import { purgeFinishedRequestsOf } from '../signature-requests/request-purge.service.ts';
import type { BusinessCaller, BusinessesDeps } from './business-caller.ts';
import * as retention from './business-retention.repository.ts';
import * as repo from './businesses.repository.ts';
import { settingsOf } from './businesses.service.ts';

// Automatic deletion for a business (spec §3 settings.signatureRequests.retention {enabled,
// terminalState}): the requests its members sent are deleted with their documents, attachments
// and page images `terminalState` days after they ended (signed, declined or withdrawn), and each
// deletion is recorded for the admins. A durable job sweeps once a day.

export const businessRetentionJobKind = 'business-retention';
const dayMs = 24 * 60 * 60 * 1000;

export type BusinessRetentionDeps = Pick<SignatureRequestsDeps, 'db' | 'clock' | 'blobs' | 'pageCacheDir'>;

/** Sweeps every business with automatic deletion on; answers how many requests went. */
export async function sweepBusinessRetention(deps: BusinessRetentionDeps): Promise<number> {
  const now = deps.clock.now();
  let deleted = 0;
  for (const businessId of await retention.businessIdsWithRetention(deps.db)) {
    const row = await repo.findBusiness(deps.db, businessId);
    if (!row) continue;
    const { enabled, terminalState } = settingsOf(row).signatureRequests.retention;
    if (!enabled) continue;
    const before = new Date(now.getTime() - terminalState * dayMs);
    for (const ownerId of await retention.memberIdsOf(deps.db, businessId)) {
      const purged = await purgeFinishedRequestsOf(deps, ownerId, before, (tx, request) =>
        retention.insertDeletion(tx, {
          businessId,
          requestId: request.id,
          title: request.title,
          status: request.status,
          ownerId,
          finishedAt: request.finishedAt,
          documentCount: request.documentCount,
          attachmentCount: request.attachmentCount,
          deletedAt: deps.clock.now(),
        }),
      );
      deleted += purged.length;
    }
  }
  return deleted;
}

/** At start: the first sweep, unless one is waiting already (another process, an earlier start). */
export async function scheduleBusinessRetention(db: Db, now: Date): Promise<void> {
  await scheduleRecurringJob(db, businessRetentionJobKind, now);
}

/** The job: sweeps, then schedules the next sweep a day later unless another process did. */
export async function runBusinessRetention(deps: BusinessRetentionDeps): Promise<void> {
  await sweepBusinessRetention(deps);
  const now = deps.clock.now();
  await scheduleRecurringJob(deps.db, businessRetentionJobKind, new Date(now.getTime() + dayMs), now);
}

/** GET .../retention-deletions: what automatic deletion removed, the latest 100. */
export async function retentionDeletions(
  deps: BusinessesDeps,
  caller: BusinessCaller,
): Promise<RetentionDeletion[]> {
  const rows = await retention.latestDeletions(deps.db, caller.businessId, 100);
  return rows.map((row) => ({
    requestId: row.requestId,
    title: row.title,
    status: row.status,
    finishedAt: row.finishedAt.toISOString(),
    deletedAt: row.deletedAt.toISOString(),
    documentCount: row.documentCount,
    attachmentCount: row.attachmentCount,
  }));
}
