import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../db/client.ts';
import { deleteUnusedDocuments } from '../documents/documents.service.ts';
import type { SignatureRequestsDeps } from './request-deps.ts';
import * as purge from './request-purge.repository.ts';
import * as repo from './signature-requests.repository.ts';

type PurgeDeps = Pick<SignatureRequestsDeps, 'db' | 'clock' | 'blobs' | 'pageCacheDir'>;

/** A finished request that automatic deletion removed, with its files. */
export interface PurgedRequest {
  id: string;
  title: string;
  status: string;
  finishedAt: Date;
  documentCount: number;
  attachmentCount: number;
}

// Automatic deletion for a business (its settings.signatureRequests.retention): unlike a person's
// own setting (request-retention.service.ts), the files leave the storage too: every version of
// each document, the attachments and the rendered page images, unless another live document or
// attachment has the same bytes (blobs are named by content).

/**
 * Deletes the owner's requests that ended before `before`, one transaction each; `record` runs in
 * that transaction (the deletion and its record stand or fall together). Answers what went.
 */
export async function purgeFinishedRequestsOf(
  deps: PurgeDeps,
  ownerId: string,
  before: Date,
  record: (tx: Db, purged: PurgedRequest) => Promise<void>,
): Promise<PurgedRequest[]> {
  const purged: PurgedRequest[] = [];
  for (const id of await repo.finishedRequestIdsOfOwner(deps.db, ownerId, before)) {
    // The blobs come back with the result, not in a list outside: PostgreSQL may abort an attempt
    // (deadlock, serialization) and the db layer run it again; only the committed one's count.
    const done = await deps.db.transaction(async (tx) => {
      const request = await repo.lockRequest(tx, id);
      const finishedAt = request?.completedAt ?? request?.updatedAt;
      // Reopened or changed since the list was read: it waits for a later sweep.
      if (!request || !['SIGNED', 'DECLINED', 'WITHDRAWN'].includes(request.status)) return null;
      if (!finishedAt || finishedAt >= before) return null;
      const documentIds = await repo.documentIdsOf(tx, id);
      const attachmentBlobs = await purge.attachmentBlobs(tx, id);
      const blobs = [...(await purge.documentBlobs(tx, documentIds)), ...attachmentBlobs];
      await repo.deleteRequest(tx, id);
      await deleteUnusedDocuments(deps, tx, ownerId, documentIds);
      const gone: PurgedRequest = {
        id,
        title: request.title,
        status: request.status,
        finishedAt,
        documentCount: documentIds.length,
        attachmentCount: attachmentBlobs.length,
      };
      await record(tx, gone);
      return { gone, blobs };
    });
    if (!done) continue;
    await removeUnusedBlobs(deps, [...new Set(done.blobs)]);
    purged.push(done.gone);
  }
  return purged;
}

/** Removes each blob nothing live uses any more, with the page images rendered from it. */
async function removeUnusedBlobs(deps: PurgeDeps, shas: string[]): Promise<void> {
  const cached = await readdir(deps.pageCacheDir).catch(() => [] as string[]);
  for (const sha256 of shas) {
    if (await purge.blobInUse(deps.db, sha256)) continue;
    await deps.blobs.remove(sha256);
    // Page images are named `<sha256 of the version>-<page>-<scale>.<format>`.
    for (const name of cached.filter((file) => file.startsWith(`${sha256}-`)))
      await rm(join(deps.pageCacheDir, name), { force: true });
  }
}
