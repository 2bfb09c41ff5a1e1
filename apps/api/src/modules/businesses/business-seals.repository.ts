import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { businessApiUsers, sealMembers, seals, type SealCredential } from '../../db/schema/businesses.ts';
import type { Db } from '../../db/client.ts';
import { firstRow, rowUpdater } from '../../db/schema/rows.ts';

// A business's seals and who may sign with them.

export type SealRow = typeof seals.$inferSelect;

export interface SealSummaryRow extends SealRow {
  nMembers: number;
  nApi: number;
}

export async function sealsOf(db: Db, businessId: string): Promise<SealSummaryRow[]> {
  const rows = await db
    .select({ seal: seals, nAll: count(sealMembers.userId), nApi: count(businessApiUsers.userId) })
    .from(seals)
    .leftJoin(sealMembers, eq(sealMembers.sealId, seals.id))
    .leftJoin(businessApiUsers, eq(businessApiUsers.userId, sealMembers.userId))
    .where(eq(seals.businessId, businessId))
    .groupBy(seals.id)
    .orderBy(asc(seals.accountName));
  // Seal members are people (nMembers) and API users (nApi, through their service accounts).
  return rows.map((r) => ({ ...r.seal, nMembers: Number(r.nAll) - Number(r.nApi), nApi: Number(r.nApi) }));
}

export function findSealByAccountName(db: Db, accountName: string): Promise<SealRow | null> {
  return firstRow(db, seals, eq(seals.accountName, accountName));
}

/** Inserts a seal; false when the account name is taken. */
export async function insertSeal(db: Db, row: typeof seals.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(seals).values(row).onConflictDoNothing().returning({ id: seals.id });
  return inserted.length === 1;
}

export const updateSeal = rowUpdater(seals);

export async function sealMemberIds(db: Db, sealId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: sealMembers.userId })
    .from(sealMembers)
    .where(eq(sealMembers.sealId, sealId));
  return rows.map((r) => r.userId);
}

/** The seals of a business that this user was added to. */
export async function sealIdsOfMember(db: Db, businessId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: seals.id })
    .from(sealMembers)
    .innerJoin(seals, eq(seals.id, sealMembers.sealId))
    .where(and(eq(seals.businessId, businessId), eq(sealMembers.userId, userId)));
  return rows.map((r) => r.id);
}

export async function addSealMembers(db: Db, sealId: string, userIds: string[]): Promise<void> {
  await db
    .insert(sealMembers)
    .values(userIds.map((userId) => ({ sealId, userId })))
    .onConflictDoNothing();
}

export async function removeSealMembers(db: Db, sealId: string, userIds: string[]): Promise<void> {
  await db
    .delete(sealMembers)
    .where(and(eq(sealMembers.sealId, sealId), inArray(sealMembers.userId, userIds)));
}

export async function saveSealCredential(
  db: Db,
  sealId: string,
  legislation: 'eidas' | 'zertes',
  credential: SealCredential,
): Promise<void> {
  // jsonb_set keeps the other legislation's credential when two signings enrol at once.
  await db
    .update(seals)
    .set({
      credentials: sql`jsonb_set(coalesce(${seals.credentials}, '{}'::jsonb), ${`{${legislation}}`}::text[], ${JSON.stringify(credential)}::jsonb)`,
    })
    .where(eq(seals.id, sealId));
}
