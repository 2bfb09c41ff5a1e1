import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businessApiUsers } from '../../db/schema/businesses.ts';
import { firstRow } from '../../db/schema/rows.ts';

export type ApiUserRow = typeof businessApiUsers.$inferSelect;

const ofBusiness = (businessId: string, username: string) =>
  and(eq(businessApiUsers.businessId, businessId), eq(businessApiUsers.username, username));

export function listApiUsers(db: Db, businessId: string): Promise<ApiUserRow[]> {
  return db
    .select()
    .from(businessApiUsers)
    .where(eq(businessApiUsers.businessId, businessId))
    .orderBy(asc(businessApiUsers.username));
}

export function findApiUser(db: Db, businessId: string, username: string): Promise<ApiUserRow | null> {
  return firstRow(db, businessApiUsers, ofBusiness(businessId, username));
}

/** Any business's API user of this name: Basic credentials name it by its username alone. */
export function findApiUserByUsername(db: Db, username: string): Promise<ApiUserRow | null> {
  return firstRow(db, businessApiUsers, eq(businessApiUsers.username, username));
}

/** The new row, or null when the username is taken (by any business). */
export async function insertApiUser(
  db: Db,
  row: typeof businessApiUsers.$inferInsert,
): Promise<ApiUserRow | null> {
  const rows = await db.insert(businessApiUsers).values(row).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function updateApiUser(
  db: Db,
  id: string,
  changes: Partial<Pick<ApiUserRow, 'description' | 'secretHash' | 'lastUsedAt'>>,
): Promise<ApiUserRow | null> {
  const rows = await db.update(businessApiUsers).set(changes).where(eq(businessApiUsers.id, id)).returning();
  return rows[0] ?? null;
}

export async function deleteApiUser(db: Db, businessId: string, username: string): Promise<boolean> {
  const rows = await db
    .delete(businessApiUsers)
    .where(ofBusiness(businessId, username))
    .returning({ id: businessApiUsers.id });
  return rows.length > 0;
}

/** Which of these accounts are the service accounts of the business's API users (for seal members). */
export async function apiUserAccountIds(db: Db, businessId: string, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: businessApiUsers.userId })
    .from(businessApiUsers)
    .where(and(eq(businessApiUsers.businessId, businessId), inArray(businessApiUsers.userId, userIds)));
  return rows.map((row) => row.userId);
}
