import { addArchiveTimestamp } from '@signet/pdf';
import { AppError } from '../../errors.ts';
import { enqueueJob, scheduleRecurringJob } from '../../jobs/queue.ts';
import type { Db } from '../../db/client.ts';
import { advanceDocumentIfCurrent, documentsInOrder } from '../documents/documents.service.ts';
import { documentIdsOfRequest } from '../signature-requests/request-documents.service.ts';
import * as repo from './archive-timestamps.repository.ts';
import type { SigningDeps } from './signing-deps.ts';

// PAdES B-LTA for completed documents (ETSI EN 319 142-1): at completion a DSS with the validation
// data of every signature and a document timestamp over it all; then, before the last timestamp's
// TSA certificate expires, fresh validation data for that timestamp and a new one over it, as an
// archive keeps evidence alive. Until the completion job is done a download gives the B-LT version
// (every signature with its timestamp and validation data); afterwards, the B-LTA one.

export type ArchiveDeps = Pick<
  SigningDeps,
  'db' | 'clock' | 'blobs' | 'timestamp' | 'revocation' | 'qtsp'
> & {
  /** ARCHIVE_RETIMESTAMP_MARGIN_DAYS: how long before the TSA certificate's end to renew. */
  archiveMarginDays: number;
};

export const archiveRenewalJobKind = 'archive-renewal';
const dayMs = 24 * 60 * 60 * 1000;
/** Documents renewed per run; a run that hits it schedules the next one at once. */
const renewalBatch = 50;
/** At least this long between two renewals of one document (the smallest margin is 30 days). */
const renewalSpacingMs = 7 * dayMs;

/** The completion job: every document of the request whose current version has no archive timestamp gets one. */
export async function archiveRequest(deps: ArchiveDeps, payload: Record<string, unknown>): Promise<void> {
  const { requestId } = payload as { requestId: string };
  // A request deleted meanwhile has no documents left to archive.
  for (const documentId of await documentIdsOfRequest(deps.db, requestId))
    await stampDocument(deps, documentId, 'completion');
}

/**
 * Adds one archive timestamp to a document; returns whether it did. At completion nothing is done
 * when the document's current version is the one the last archive timestamp made (the job ran
 * before); a renewal needs an archive timestamp to renew. A renewal refreshes the validation data
 * of the last timestamp only (signer certificates may be long expired by then); a document signed
 * since its last stamp (in another request) gets the data of every signature again.
 */
async function stampDocument(
  deps: ArchiveDeps,
  documentId: string,
  occasion: 'completion' | 'renewal',
): Promise<boolean> {
  const [document] = await documentsInOrder(deps.db, [documentId]);
  if (!document) {
    // Deleted: nothing left to keep, and the renewal should not look at it again.
    await repo.forgetArchive(deps.db, documentId);
    return false;
  }
  const known = await repo.findArchive(deps.db, documentId);
  const upToDate = known?.documentSha256 === document.currentSha256;
  if (occasion === 'completion' ? upToDate : !known) return false;
  const mode = upToDate ? 'renew' : 'complete';
  const count = (known?.count ?? 0) + 1;
  const result = await addArchiveTimestamp(await deps.blobs.read(document.currentSha256), {
    mode,
    // Names say what the field is; the count keeps them apart across renewals.
    fieldName: `Signet-Archive-Timestamp-${count}`,
    timestamp: deps.timestamp,
    revocation: deps.revocation,
    extraCertificates: await deps.qtsp.caCertificatesDer(),
  });
  // Written atomically before the transaction: a crash in between leaves an unreferenced blob only.
  const stored = await deps.blobs.put(result.pdf);
  const now = deps.clock.now();
  const conflict = 'The document changed while it was timestamped.';
  await deps.db.transaction(async (tx) => {
    await advanceDocumentIfCurrent(
      tx,
      {
        documentId,
        from: document.currentSha256,
        ...stored,
        reason: `archive timestamp ${count}`,
        createdAt: now,
      },
      conflict,
    );
    const row = {
      documentId,
      documentSha256: stored.sha256,
      count,
      timestampedAt: now,
      tsaCertificateNotAfter: result.tsaCertificateNotAfter,
    };
    // Another process stamped it meanwhile: roll back; the job's retry finds it done.
    if (!(await repo.recordArchive(tx, row, known?.count ?? null)))
      throw new AppError('REQUEST_LOCKED', conflict, { retryAfterSeconds: 1 });
  });
  return true;
}

/**
 * Renews every archive whose TSA certificate ends within the margin; answers how many. A document
 * is renewed at most once per `renewalSpacingMs`: while the TSA still signs with a certificate that
 * ends within the margin, another timestamp would gain nothing but a bigger file. One document's
 * failure (TSA or OCSP down) does not hold up the others; the run fails afterwards and is retried.
 */
async function renewExpiringArchives(deps: ArchiveDeps): Promise<number> {
  const now = deps.clock.now().getTime();
  const due = await repo.archivesDue(deps.db, {
    expiringBy: new Date(now + deps.archiveMarginDays * dayMs),
    stampedBefore: new Date(now - renewalSpacingMs),
    limit: renewalBatch,
  });
  let renewed = 0;
  const failed: string[] = [];
  for (const documentId of due)
    try {
      if (await stampDocument(deps, documentId, 'renewal')) renewed++;
    } catch (error) {
      failed.push(`${documentId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  if (failed.length > 0) throw new Error(`archive renewal failed for ${failed.length}: ${failed.join('; ')}`);
  return renewed;
}

/** At start: the first renewal run, unless one is waiting already (another process, an earlier start). */
export async function scheduleArchiveRenewal(db: Db, now: Date): Promise<void> {
  await scheduleRecurringJob(db, archiveRenewalJobKind, now);
}

/**
 * The daily job: schedules the next day's run first (a run that keeps failing must not end the
 * chain), then renews what is due; a full batch asks for another run at once.
 */
export async function runArchiveRenewal(deps: ArchiveDeps): Promise<void> {
  const now = deps.clock.now();
  await scheduleRecurringJob(deps.db, archiveRenewalJobKind, new Date(now.getTime() + dayMs), now);
  if ((await renewExpiringArchives(deps)) >= renewalBatch)
    await enqueueJob(deps.db, { kind: archiveRenewalJobKind, payload: {}, runAt: deps.clock.now() });
}
