import { and, eq, inArray, isNull, max, or, sql } from 'drizzle-orm';
import { documents, documentVersions, type DocumentRow } from '../../db/schema/documents.ts';
import {
  observers,
  requestDocuments,
  signatureRequests,
  signers,
} from '../../db/schema/signature-requests.ts';
import type { Db } from '../../db/client.ts';
import { firstRow, idsWhere } from '../../db/schema/rows.ts';

export async function insertDocument(db: Db, row: typeof documents.$inferInsert): Promise<void> {
  await db.insert(documents).values(row);
}

export async function insertVersion(db: Db, row: typeof documentVersions.$inferInsert): Promise<void> {
  await db.insert(documentVersions).values(row);
}

/** Several documents at once (those deleted left out), for lists. */
export async function findDocuments(db: Db, ids: string[]): Promise<DocumentRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(documents)
    .where(and(inArray(documents.id, ids), isNull(documents.deletedAt)));
}

export function findDocument(db: Db, id: string): Promise<DocumentRow | null> {
  return firstRow(db, documents, and(eq(documents.id, id), isNull(documents.deletedAt)));
}

async function latestVersion(db: Db, documentId: string): Promise<number> {
  const rows = await db
    .select({ v: max(documentVersions.version) })
    .from(documentVersions)
    .where(eq(documentVersions.documentId, documentId));
  return rows[0]?.v ?? 0;
}

export async function listVersions(db: Db, documentId: string) {
  return db
    .select()
    .from(documentVersions)
    .where(eq(documentVersions.documentId, documentId))
    .orderBy(documentVersions.version);
}

/** Moves a document to a new version (after fields were added or a signature appended). */
export async function advanceDocument(
  db: Db,
  documentId: string,
  version: {
    sha256: string;
    size: number;
    reason: string;
    createdAt: Date;
    signatureCount?: number;
    signatureFields?: DocumentRow['signatureFields'];
  },
): Promise<void> {
  const next = (await latestVersion(db, documentId)) + 1;
  await insertVersion(db, {
    documentId,
    version: next,
    sha256: version.sha256,
    size: version.size,
    reason: version.reason,
    createdAt: version.createdAt,
  });
  await db
    .update(documents)
    .set({
      currentSha256: version.sha256,
      size: version.size,
      ...(version.signatureCount !== undefined ? { signatureCount: version.signatureCount } : {}),
      ...(version.signatureFields !== undefined ? { signatureFields: version.signatureFields } : {}),
    })
    .where(eq(documents.id, documentId));
}

export async function markDeleted(db: Db, id: string, now: Date): Promise<void> {
  await db.update(documents).set({ deletedAt: now }).where(eq(documents.id, id));
}

/** Of these documents of an owner, those not deleted yet that no request contains any more. */
export async function unusedDocumentIds(db: Db, ownerId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return idsWhere(
    db,
    documents,
    and(
      inArray(documents.id, ids),
      eq(documents.ownerId, ownerId),
      isNull(documents.deletedAt),
      sql`not exists (select 1 from ${requestDocuments} where ${requestDocuments.documentId} = ${documents.id})`,
    ),
  );
}

/** True when the document is part of a request that is not a draft (it then stays with the request). */
export async function isInSentRequest(db: Db, documentId: string): Promise<boolean> {
  const rows = await db
    .select({ id: signatureRequests.id })
    .from(requestDocuments)
    .innerJoin(signatureRequests, eq(signatureRequests.id, requestDocuments.requestId))
    .where(and(eq(requestDocuments.documentId, documentId), sql`${signatureRequests.status} <> 'DRAFT'`))
    .limit(1);
  return rows.length > 0;
}

/**
 * Whether a user may read a document: they own it, or they sign or observe a sent request that
 * contains it.
 */
export async function userMayRead(
  db: Db,
  documentId: string,
  user: { id: string; email: string },
): Promise<boolean> {
  const rows = await db
    .select({ id: requestDocuments.requestId })
    .from(requestDocuments)
    .innerJoin(signatureRequests, eq(signatureRequests.id, requestDocuments.requestId))
    .leftJoin(signers, eq(signers.requestId, requestDocuments.requestId))
    .leftJoin(observers, eq(observers.requestId, requestDocuments.requestId))
    .where(
      and(
        eq(requestDocuments.documentId, documentId),
        sql`${signatureRequests.status} <> 'DRAFT'`,
        or(eq(signers.userId, user.id), eq(signers.email, user.email), eq(observers.email, user.email)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Whether a document belongs to the request a direct-sign visitor was invited to. */
export async function visitorMayRead(db: Db, documentId: string, requestId: string): Promise<boolean> {
  const rows = await db
    .select({ id: requestDocuments.requestId })
    .from(requestDocuments)
    .innerJoin(signatureRequests, eq(signatureRequests.id, requestDocuments.requestId))
    .where(
      and(
        eq(requestDocuments.documentId, documentId),
        eq(requestDocuments.requestId, requestId),
        sql`${signatureRequests.status} <> 'DRAFT'`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
