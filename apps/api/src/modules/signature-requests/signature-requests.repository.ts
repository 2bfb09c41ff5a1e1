import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  attachments,
  observers,
  requestDocuments,
  requestAuditTimestamps,
  requestEvents,
  requestLocks,
  signatureRequests,
  signers,
  type AttachmentRow,
  type EventRow,
  type RequestRow,
  type SignerRow,
} from '../../db/schema/signature-requests.ts';
import type { Db } from '../../db/client.ts';
import { firstRow, idsWhere, rowUpdater } from '../../db/schema/rows.ts';
import { eventHash, eventMac, genesisHash, headMac, type TrailAnchor } from './audit-chain.ts';
import { livenessLockSpace } from '../../db/process-liveness.ts';

export async function insertRequest(db: Db, row: typeof signatureRequests.$inferInsert): Promise<void> {
  await db.insert(signatureRequests).values(row);
}

export function findRequest(db: Db, id: string): Promise<RequestRow | null> {
  return firstRow(db, signatureRequests, eq(signatureRequests.id, id));
}

/** Reads the request row with a row lock held until the transaction ends (serialises signers). */
export async function lockRequest(db: Db, id: string): Promise<RequestRow | null> {
  const rows = await db
    .select()
    .from(signatureRequests)
    .where(eq(signatureRequests.id, id))
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

export const updateRequest = rowUpdater(signatureRequests);

/** The ids of an owner's requests that are OPEN (sent and not finished). */
export async function openRequestIdsOfOwner(db: Db, ownerId: string): Promise<string[]> {
  return idsWhere(
    db,
    signatureRequests,
    and(eq(signatureRequests.ownerId, ownerId), eq(signatureRequests.status, 'OPEN')),
  );
}

/**
 * The ids of an owner's finished requests (signed, declined, withdrawn) that ended before `before`:
 * a signed one when it was completed, the others at their last change.
 */
export async function finishedRequestIdsOfOwner(db: Db, ownerId: string, before: Date): Promise<string[]> {
  return idsWhere(
    db,
    signatureRequests,
    and(
      eq(signatureRequests.ownerId, ownerId),
      inArray(signatureRequests.status, ['SIGNED', 'DECLINED', 'WITHDRAWN']),
      sql`coalesce(${signatureRequests.completedAt}, ${signatureRequests.updatedAt}) < ${before.toISOString()}::timestamptz`,
    ),
  );
}

export async function deleteRequest(db: Db, id: string): Promise<void> {
  await db.delete(signatureRequests).where(eq(signatureRequests.id, id));
}

export async function setRequestDocuments(db: Db, requestId: string, documentIds: string[]): Promise<void> {
  await db.delete(requestDocuments).where(eq(requestDocuments.requestId, requestId));
  await insertRequestDocuments(db, requestId, documentIds);
}

/** The documents of a request that has none yet (one being created): nothing to replace. */
export async function insertRequestDocuments(
  db: Db,
  requestId: string,
  documentIds: string[],
): Promise<void> {
  if (documentIds.length)
    await db
      .insert(requestDocuments)
      .values(documentIds.map((documentId, position) => ({ requestId, documentId, position })));
}

export async function documentIdsOf(db: Db, requestId: string): Promise<string[]> {
  const rows = await db
    .select()
    .from(requestDocuments)
    .where(eq(requestDocuments.requestId, requestId))
    .orderBy(asc(requestDocuments.position));
  return rows.map((r) => r.documentId);
}

export async function signersOf(db: Db, requestId: string): Promise<SignerRow[]> {
  return db.select().from(signers).where(eq(signers.requestId, requestId)).orderBy(asc(signers.sequence));
}

export async function insertSigners(db: Db, rows: Array<typeof signers.$inferInsert>): Promise<void> {
  if (rows.length) await db.insert(signers).values(rows);
}

export async function deleteSigners(db: Db, requestId: string, ids?: string[]): Promise<void> {
  await db
    .delete(signers)
    .where(
      ids
        ? and(eq(signers.requestId, requestId), inArray(signers.id, ids))
        : eq(signers.requestId, requestId),
    );
}

export const updateSigner = rowUpdater(signers);

export async function observersOf(db: Db, requestId: string): Promise<string[]> {
  const rows = await db
    .select()
    .from(observers)
    .where(eq(observers.requestId, requestId))
    .orderBy(asc(observers.email));
  return rows.map((r) => r.email);
}

export async function setObservers(db: Db, requestId: string, emails: string[]): Promise<void> {
  await db.delete(observers).where(eq(observers.requestId, requestId));
  await insertObservers(db, requestId, emails);
}

/** The observers of a request that has none yet (one being created): nothing to replace. */
export async function insertObservers(db: Db, requestId: string, emails: string[]): Promise<void> {
  const unique = [...new Set(emails)];
  if (unique.length) await db.insert(observers).values(unique.map((email) => ({ requestId, email })));
}

export async function attachmentsOf(db: Db, requestId: string): Promise<AttachmentRow[]> {
  return db
    .select()
    .from(attachments)
    .where(eq(attachments.requestId, requestId))
    .orderBy(asc(attachments.createdAt));
}

/** The newest event of a request: its seq and hash continue a trail recorded before anchoring. */
async function lastEvent(db: Db, requestId: string): Promise<{ seq: number; hash: string } | null> {
  const rows = await db
    .select({ seq: requestEvents.seq, hash: requestEvents.hash })
    .from(requestEvents)
    .where(eq(requestEvents.requestId, requestId))
    .orderBy(desc(requestEvents.seq))
    .limit(1);
  return rows[0] ?? null;
}

/** The audit anchor stored with the request (audit-chain.ts). */
export async function readAnchor(db: Db, requestId: string): Promise<TrailAnchor | null> {
  const rows = await db
    .select({
      eventCount: signatureRequests.auditEventCount,
      headHash: signatureRequests.auditHeadHash,
      headMac: signatureRequests.auditHeadMac,
      macFrom: signatureRequests.auditMacFrom,
    })
    .from(signatureRequests)
    .where(eq(signatureRequests.id, requestId))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Appends an audit event and moves the anchor stored with the request to it. Call it in the
 * transaction of the change it records. The chain continues from the anchor, not from whatever
 * the events table holds now, so a deleted last event leaves a gap instead of being papered over;
 * the primary key (request, seq) makes two concurrent appends collide instead of forking the chain.
 */
export async function appendEvent(
  db: Db,
  event: {
    requestId: string;
    type: string;
    actor: string | null;
    data: Record<string, unknown>;
    createdAt: Date;
  },
  macKey: Buffer,
  /**
   * The anchor when the caller knows it: a previous append of this transaction returned it (the
   * transaction holds the request's row lock, so nobody has moved it since), or the request is
   * being created in this transaction (newTrail). A known anchor has no events from before
   * anchoring to continue.
   */
  known?: TrailAnchor,
): Promise<TrailAnchor> {
  const anchor = known ?? (await readAnchor(db, event.requestId));
  const legacy = anchor?.headHash || known ? null : await lastEvent(db, event.requestId);
  const seq = anchor?.headHash ? anchor.eventCount + 1 : (legacy?.seq ?? 0) + 1;
  const prevHash = anchor?.headHash ?? legacy?.hash ?? genesisHash;
  const macFrom = anchor?.headHash ? (anchor.macFrom ?? seq) : seq;
  const chained = { ...event, seq };
  const hash = eventHash(prevHash, chained);
  await db
    .insert(requestEvents)
    .values({ ...chained, prevHash, hash, mac: eventMac(macKey, prevHash, chained) });
  const head = {
    eventCount: seq,
    headHash: hash,
    macFrom,
    headMac: headMac(macKey, event.requestId, { eventCount: seq, headHash: hash, macFrom }),
  };
  await db
    .update(signatureRequests)
    .set({
      auditEventCount: head.eventCount,
      auditHeadHash: head.headHash,
      auditMacFrom: head.macFrom,
      auditHeadMac: head.headMac,
    })
    .where(eq(signatureRequests.id, event.requestId));
  return head;
}

export async function eventsOf(db: Db, requestId: string): Promise<EventRow[]> {
  return db
    .select()
    .from(requestEvents)
    .where(eq(requestEvents.requestId, requestId))
    .orderBy(asc(requestEvents.seq));
}

/** Whether the request's trail has an event of this type for this signer (data.sid). */
export async function hasSignerEvent(db: Db, requestId: string, type: string, sid: string): Promise<boolean> {
  const rows = await db
    .select({ seq: requestEvents.seq })
    .from(requestEvents)
    .where(
      and(
        eq(requestEvents.requestId, requestId),
        eq(requestEvents.type, type),
        sql`${requestEvents.data}->>'sid' = ${sid}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export type AuditTimestampRow = typeof requestAuditTimestamps.$inferSelect;

/** Keeps the first timestamp of a trail's head (a job retried after success changes nothing). */
export async function insertAuditTimestamp(db: Db, row: AuditTimestampRow): Promise<void> {
  await db.insert(requestAuditTimestamps).values(row).onConflictDoNothing();
}

export function findAuditTimestamp(db: Db, requestId: string): Promise<AuditTimestampRow | null> {
  return firstRow(db, requestAuditTimestamps, eq(requestAuditTimestamps.requestId, requestId));
}

/**
 * True while the process that took the lock is alive: it holds its liveness advisory lock
 * (db/process-liveness.ts) in this database. A lock without a process key (PGlite) counts as
 * alive; only its expiry ends it.
 */
const holderAlive = sql`(${requestLocks.processKey} is null or exists (
  select 1 from pg_locks l
  where l.locktype = 'advisory' and l.granted and l.objsubid = 2
    and l.database = (select oid from pg_database where datname = current_database())
    and l.classid = ${livenessLockSpace} and l.objid = ${requestLocks.processKey}))`;

/** The signing lock of a request while someone holds it: unexpired, and its process alive. */
export async function readLock(db: Db, requestId: string, now: Date) {
  const rows = await db
    .select()
    .from(requestLocks)
    .where(
      and(
        eq(requestLocks.requestId, requestId),
        sql`${requestLocks.expiresAt} > ${now.toISOString()}::timestamptz`,
        holderAlive,
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Takes the signing lock of a request unless someone else holds it: unexpired, and (on PostgreSQL)
 * held by a process that is still alive, so a crashed process's locks are free at once. One
 * statement, so two processes cannot both win.
 */
export async function acquireLock(
  db: Db,
  requestId: string,
  holder: string,
  now: Date,
  ttlMs: number,
  processKey: number | null,
): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + ttlMs);
  const rows = await db
    .insert(requestLocks)
    .values({ requestId, holder, expiresAt, processKey })
    .onConflictDoUpdate({
      target: requestLocks.requestId,
      set: { holder, expiresAt, processKey },
      setWhere: sql`${requestLocks.expiresAt} < ${now.toISOString()}::timestamptz or not ${holderAlive}`,
    })
    .returning({ holder: requestLocks.holder });
  return rows[0]?.holder === holder;
}

export async function releaseLock(db: Db, requestId: string, holder: string): Promise<void> {
  await db
    .delete(requestLocks)
    .where(and(eq(requestLocks.requestId, requestId), eq(requestLocks.holder, holder)));
}

/** Text matched literally inside a LIKE pattern. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function findSignerBySendToHash(db: Db, hash: string): Promise<SignerRow | null> {
  return firstRow(db, signers, eq(signers.sendToSecretHash, hash));
}

export async function addObserver(db: Db, requestId: string, email: string): Promise<void> {
  await db.insert(observers).values({ requestId, email }).onConflictDoNothing();
}

/** Removes an observer; false when the address was not one. */
export async function removeObserver(db: Db, requestId: string, email: string): Promise<boolean> {
  const rows = await db
    .delete(observers)
    .where(and(eq(observers.requestId, requestId), eq(observers.email, email)))
    .returning({ email: observers.email });
  return rows.length > 0;
}

export async function insertAttachment(db: Db, row: typeof attachments.$inferInsert): Promise<void> {
  await db.insert(attachments).values(row);
}

export function findAttachment(db: Db, requestId: string, id: string): Promise<AttachmentRow | null> {
  return firstRow(db, attachments, and(eq(attachments.requestId, requestId), eq(attachments.id, id)));
}

export async function deleteAttachment(db: Db, id: string): Promise<void> {
  await db.delete(attachments).where(eq(attachments.id, id));
}

/** Ends every signing lock: used at start-up of the embedded database, which one process owns alone. */
export async function clearLocks(db: Db): Promise<void> {
  await db.delete(requestLocks);
}

/** Distinct addresses of the signers and observers of requests the user owns, starting with `prefix`. */
export async function addressesOfOwner(
  db: Db,
  ownerId: string,
  prefix: string,
  limit: number,
): Promise<string[]> {
  const pattern = `${escapeLike(prefix)}%`;
  const owned = db
    .select({ id: signatureRequests.id })
    .from(signatureRequests)
    .where(eq(signatureRequests.ownerId, ownerId));
  const [fromSigners, fromObservers] = await Promise.all([
    db
      .selectDistinct({ email: signers.email })
      .from(signers)
      .where(and(inArray(signers.requestId, owned), sql`${signers.email} like ${pattern}`))
      .orderBy(asc(signers.email))
      .limit(limit),
    db
      .selectDistinct({ email: observers.email })
      .from(observers)
      .where(and(inArray(observers.requestId, owned), sql`${observers.email} like ${pattern}`))
      .orderBy(asc(observers.email))
      .limit(limit),
  ]);
  return [...new Set([...fromSigners, ...fromObservers].map((row) => row.email))].sort().slice(0, limit);
}
