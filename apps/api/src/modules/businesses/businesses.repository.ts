import { and, asc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema/accounts.ts';
import {
  businessApiUsers,
  businesses,
  businessMembers,
  sealMembers,
  seals,
} from '../../db/schema/businesses.ts';
import type { Db } from '../../db/client.ts';
import { firstRow, rowUpdater } from '../../db/schema/rows.ts';

export type BusinessRow = typeof businesses.$inferSelect;
export type Role = 'admin' | 'member';

export interface MemberRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  joinedAt: Date;
}

/**
 * The business a user acts for, as an expression inside another table's statement: the rule of
 * `membershipOf` (a membership, else the business of the API user whose service account they are),
 * for reads that would otherwise spend a statement of their own on it.
 */
export const actingBusinessIdOf = (userId: SQL | AnyColumn): SQL<string | null> => sql`coalesce(
  (select ${businessMembers.businessId} from ${businessMembers} where ${businessMembers.userId} = ${userId}),
  (select ${businessApiUsers.businessId} from ${businessApiUsers} where ${businessApiUsers.userId} = ${userId} limit 1))`;

export async function membershipOf(
  db: Db,
  userId: string,
): Promise<{ businessId: string; role: Role } | null> {
  // One statement, asked many times per request (webhooks, mail branding, stamps): a membership,
  // else an API user's service account, which acts for its business as a member (its requests
  // carry the business's name and logo); it takes no seat and is not listed among the members.
  const member = db
    .select({
      businessId: businessMembers.businessId,
      role: businessMembers.role,
      rank: sql<number>`0`.as('rank'),
    })
    .from(businessMembers)
    .where(eq(businessMembers.userId, userId));
  const apiUser = db
    .select({
      businessId: businessApiUsers.businessId,
      role: sql<Role>`'member'`.as('role'),
      rank: sql<number>`1`.as('rank'),
    })
    .from(businessApiUsers)
    .where(eq(businessApiUsers.userId, userId));
  const [row] = await member
    .unionAll(apiUser)
    .orderBy(sql`rank`)
    .limit(1);
  return row ? { businessId: row.businessId, role: row.role } : null;
}

export async function insertBusiness(db: Db, row: typeof businesses.$inferInsert): Promise<void> {
  await db.insert(businesses).values(row);
}

export function findBusiness(db: Db, id: string): Promise<BusinessRow | null> {
  return firstRow(db, businesses, eq(businesses.id, id));
}

/** Locks the business row: membership changes that must keep an admin are serialised on it. */
export async function lockBusiness(db: Db, id: string): Promise<void> {
  await db.execute(sql`select id from ${businesses} where ${businesses.id} = ${id} for update`);
}

/** Deletes a business with its people's memberships, invitations and seals (ON DELETE CASCADE). */
export async function deleteBusiness(db: Db, id: string): Promise<void> {
  await db.delete(businesses).where(eq(businesses.id, id));
}

export const updateBusiness = rowUpdater(businesses);

/** Adds members; false for a user who belongs to a business already (one business per account). */
export async function insertMember(db: Db, row: typeof businessMembers.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(businessMembers)
    .values(row)
    .onConflictDoNothing()
    .returning({ userId: businessMembers.userId });
  return inserted.length === 1;
}

export async function membersOf(db: Db, businessId: string, userIds?: string[]): Promise<MemberRow[]> {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: businessMembers.role,
      joinedAt: businessMembers.joinedAt,
    })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(
      and(
        eq(businessMembers.businessId, businessId),
        userIds ? inArray(businessMembers.userId, userIds) : undefined,
      ),
    )
    .orderBy(asc(businessMembers.joinedAt), asc(users.email));
}

export async function setRole(db: Db, businessId: string, userIds: string[], role: Role): Promise<void> {
  await db
    .update(businessMembers)
    .set({ role })
    .where(and(eq(businessMembers.businessId, businessId), inArray(businessMembers.userId, userIds)));
}

/** Takes people out of the business and off its seals. */
export async function removeMembers(db: Db, businessId: string, userIds: string[]): Promise<void> {
  const sealIds = db.select({ id: seals.id }).from(seals).where(eq(seals.businessId, businessId));
  await db
    .delete(sealMembers)
    .where(and(inArray(sealMembers.sealId, sealIds), inArray(sealMembers.userId, userIds)));
  await db
    .delete(businessMembers)
    .where(and(eq(businessMembers.businessId, businessId), inArray(businessMembers.userId, userIds)));
}
