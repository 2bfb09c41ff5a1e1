import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/queue.ts';

// A completed request's documents are raised to PAdES B-LTA by a durable job, after the last
// signer's transaction: their answer does not wait for a TSA and OCSP round, and a crash before the
// job is done leaves the job to run again. The signing module runs it (it has the trust services).

export const archiveJobKind = 'archive-timestamp';

/** In the completing transaction: the job that adds the final DSS and document timestamp. */
export async function queueArchiveTimestamp(db: Db, clock: Clock, requestId: string): Promise<void> {
  await enqueueJob(db, { kind: archiveJobKind, payload: { requestId }, runAt: clock.now() });
}
