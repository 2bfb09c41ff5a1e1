import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { documents, documentVersions } from '../../db/schema/documents.ts';
import { attachments } from '../../db/schema/signature-requests.ts';
import type { Db } from '../../db/client.ts';
import { anyRow } from '../../db/schema/rows.ts';

// The files of a request, for automatic deletion that removes them from storage, and whether a file
// (blobs are named by content, so two uploads of the same PDF share one) is still in use elsewhere.

/** The blobs of the documents: each version, the original upload and the current bytes. */
export async function documentBlobs(db: Db, documentIds: string[]): Promise<string[]> {
  if (documentIds.length === 0) return [];
  const versions = await db
    .select({ sha256: documentVersions.sha256 })
    .from(documentVersions)
    .where(inArray(documentVersions.documentId, documentIds));
  const heads = await db
    .select({ original: documents.originalSha256, current: documents.currentSha256 })
    .from(documents)
    .where(inArray(documents.id, documentIds));
  return [...versions.map((v) => v.sha256), ...heads.flatMap((h) => [h.original, h.current])];
}

export async function attachmentBlobs(db: Db, requestId: string): Promise<string[]> {
  const rows = await db
    .select({ sha256: attachments.sha256 })
    .from(attachments)
    .where(eq(attachments.requestId, requestId));
  return rows.map((row) => row.sha256);
}

/** Whether a document not deleted, one of its versions, or an attachment still uses the blob. */
export async function blobInUse(db: Db, sha256: string): Promise<boolean> {
  const live = isNull(documents.deletedAt);
  if (await anyRow(db, attachments, eq(attachments.sha256, sha256))) return true;
  if (
    await anyRow(
      db,
      documents,
      and(live, or(eq(documents.originalSha256, sha256), eq(documents.currentSha256, sha256))),
    )
  )
    return true;
  const versions = await db
    .select({ id: documents.id })
    .from(documentVersions)
    .innerJoin(documents, eq(documents.id, documentVersions.documentId))
    .where(and(live, eq(documentVersions.sha256, sha256)))
    .limit(1);
  return versions.length > 0;
}
