import { and, asc, eq, lt, lte } from 'drizzle-orm';
import { archiveTimestamps, type ArchiveTimestampRow } from '../../db/schema/archive.ts';
import type { Db } from '../../db/client.ts';
import { firstRow } from '../../db/schema/rows.ts';

export function findArchive(db: Db, documentId: string): Promise<ArchiveTimestampRow | null> {
  return firstRow(db, archiveTimestamps, eq(archiveTimestamps.documentId, documentId));
}

/** A deleted document's archive: nothing is renewed for it any more. */
export async function forgetArchive(db: Db, documentId: string): Promise<void> {
  await db.delete(archiveTimestamps).where(eq(archiveTimestamps.documentId, documentId));
}

/**
 * Documents whose last timestamp's TSA certificate ends at or before `expiringBy` and that were
 * last stamped before `stampedBefore`, soonest expiry first.
 */
export async function archivesDue(
  db: Db,
  due: { expiringBy: Date; stampedBefore: Date; limit: number },
): Promise<string[]> {
  const rows = await db
    .select({ documentId: archiveTimestamps.documentId })
    .from(archiveTimestamps)
    .where(
      and(
        lte(archiveTimestamps.tsaCertificateNotAfter, due.expiringBy),
        lt(archiveTimestamps.timestampedAt, due.stampedBefore),
      ),
    )
    .orderBy(asc(archiveTimestamps.tsaCertificateNotAfter))
    .limit(due.limit);
  return rows.map((r) => r.documentId);
}

/**
 * Records the document's newest archive timestamp, if nobody recorded one since `previousCount`
 * (null: none before). False when another process got there first: its caller rolls back. The
 * primary key (first time) and the row lock of the update (renewals) make concurrent writers wait.
 */
export async function recordArchive(
  db: Db,
  row: ArchiveTimestampRow,
  previousCount: number | null,
): Promise<boolean> {
  if (previousCount === null) {
    const inserted = await db
      .insert(archiveTimestamps)
      .values(row)
      .onConflictDoNothing()
      .returning({ id: archiveTimestamps.documentId });
    return inserted.length === 1;
  }
  const updated = await db
    .update(archiveTimestamps)
    .set(row)
    .where(and(eq(archiveTimestamps.documentId, row.documentId), eq(archiveTimestamps.count, previousCount)))
    .returning({ id: archiveTimestamps.documentId });
  return updated.length === 1;
}
