import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiUserTokens, businessApiUsers } from '../../db/schema/businesses.ts';
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

/** The business's API users whose service accounts are among these (for seal members), by username. */
export async function apiUsersOfAccounts(
  db: Db,
  businessId: string,
  userIds: string[],
): Promise<Array<{ userId: string; username: string }>> {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: businessApiUsers.userId, username: businessApiUsers.username })
    .from(businessApiUsers)
    .where(and(eq(businessApiUsers.businessId, businessId), inArray(businessApiUsers.userId, userIds)))
    .orderBy(asc(businessApiUsers.username));
}

/** Stores a new token's hash, and drops the API user's expired ones (they would only pile up). */
export async function insertApiUserToken(db: Db, row: typeof apiUserTokens.$inferInsert): Promise<void> {
  await db
    .delete(apiUserTokens)
    .where(and(eq(apiUserTokens.apiUserId, row.apiUserId), lte(apiUserTokens.expiresAt, row.createdAt)));
  await db.insert(apiUserTokens).values(row);
}

/** The API user of an unexpired token, by the token's hash. */
export async function findApiUserByToken(db: Db, tokenHash: string, now: Date): Promise<ApiUserRow | null> {
  const rows = await db
    .select({ apiUser: businessApiUsers })
    .from(apiUserTokens)
    .innerJoin(businessApiUsers, eq(businessApiUsers.id, apiUserTokens.apiUserId))
    .where(and(eq(apiUserTokens.tokenHash, tokenHash), gt(apiUserTokens.expiresAt, now)))
    .limit(1);
  return rows[0]?.apiUser ?? null;
}

export async function deleteApiUserTokens(db: Db, apiUserId: string): Promise<void> {
  await db.delete(apiUserTokens).where(eq(apiUserTokens.apiUserId, apiUserId));
}
