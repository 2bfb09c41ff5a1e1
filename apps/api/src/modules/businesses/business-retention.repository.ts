import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { businesses, businessMembers, businessRetentionDeletions } from '../../db/schema/businesses.ts';
import type { Db } from '../../db/client.ts';

export type RetentionDeletionRow = typeof businessRetentionDeletions.$inferSelect;

/** Businesses whose automatic deletion is switched on (settings.signatureRequests.retention.enabled). */
export async function businessIdsWithRetention(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(sql`(${businesses.settings} #>> '{signatureRequests,retention,enabled}') = 'true'`);
  return rows.map((row) => row.id);
}

export async function memberIdsOf(db: Db, businessId: string): Promise<string[]> {
  const rows = await db
    .select({ id: businessMembers.userId })
    .from(businessMembers)
    .where(eq(businessMembers.businessId, businessId));
  return rows.map((row) => row.id);
}

export async function insertDeletion(
  db: Db,
  row: Omit<typeof businessRetentionDeletions.$inferInsert, 'id'>,
): Promise<void> {
  await db.insert(businessRetentionDeletions).values({ id: randomUUID(), ...row });
}

export function latestDeletions(db: Db, businessId: string, limit: number): Promise<RetentionDeletionRow[]> {
  return db
    .select()
    .from(businessRetentionDeletions)
    .where(eq(businessRetentionDeletions.businessId, businessId))
    .orderBy(desc(businessRetentionDeletions.deletedAt), desc(businessRetentionDeletions.finishedAt))
    .limit(limit);
}
