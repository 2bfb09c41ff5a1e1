import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { anyRow, firstRow } from '../../db/schema/rows.ts';
import type { IdentifiedSubject } from './identification-deps.ts';
import {
  identifications,
  identificationWebhookEvents,
  type IdentificationRow,
} from '../../db/schema/identification.ts';

const ofSubject = (subject: IdentifiedSubject) =>
  subject.kind === 'account'
    ? eq(identifications.userId, subject.userId)
    : eq(identifications.signerId, subject.signerId);

export async function insert(db: Db, row: typeof identifications.$inferInsert): Promise<IdentificationRow> {
  const [inserted] = await db.insert(identifications).values(row).returning();
  return inserted!;
}

/** Every identification of the subject, newest first. */
export function allOf(db: Db, subject: IdentifiedSubject): Promise<IdentificationRow[]> {
  return db
    .select()
    .from(identifications)
    .where(ofSubject(subject))
    .orderBy(desc(identifications.createdAt), desc(identifications.id));
}

/** The subject's newest identification with this provider and method. */
export async function latestOf(
  db: Db,
  subject: IdentifiedSubject,
  provider: string,
  method: string,
): Promise<IdentificationRow | undefined> {
  const [row] = await db
    .select()
    .from(identifications)
    .where(
      and(ofSubject(subject), eq(identifications.provider, provider), eq(identifications.method, method)),
    )
    .orderBy(desc(identifications.createdAt), desc(identifications.id))
    .limit(1);
  return row;
}

/** One of the subject's identifications by id (someone else's is not found). */
export async function find(db: Db, id: string): Promise<IdentificationRow | undefined> {
  return (await firstRow(db, identifications, eq(identifications.id, id))) ?? undefined;
}

export async function findOf(
  db: Db,
  subject: IdentifiedSubject,
  id: string,
): Promise<IdentificationRow | undefined> {
  const where = and(ofSubject(subject), eq(identifications.id, id));
  return (await firstRow(db, identifications, where)) ?? undefined;
}

export async function findByProviderSession(
  db: Db,
  providerSessionId: string,
): Promise<IdentificationRow | undefined> {
  const where = eq(identifications.providerSessionId, providerSessionId);
  return (await firstRow(db, identifications, where)) ?? undefined;
}

/**
 * Moves an identification on from the provider status it had when read; undefined when another
 * request moved it meanwhile (the status call and the webhook may report the same change at once).
 */
export async function moveOn(
  db: Db,
  row: IdentificationRow,
  changes: Partial<typeof identifications.$inferInsert>,
): Promise<IdentificationRow | undefined> {
  const [moved] = await db
    .update(identifications)
    .set(changes)
    .where(and(eq(identifications.id, row.id), eq(identifications.providerStatus, row.providerStatus)))
    .returning();
  return moved;
}

export async function eventSeen(db: Db, eventId: string): Promise<boolean> {
  return anyRow(db, identificationWebhookEvents, eq(identificationWebhookEvents.eventId, eventId));
}

/** Records a webhook event; false when it was recorded before (a replay, or a concurrent delivery). */
export async function recordEvent(
  db: Db,
  event: { eventId: string; providerSessionId: string; receivedAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(identificationWebhookEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ eventId: identificationWebhookEvents.eventId });
  return rows.length > 0;
}
