import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import {
  emailTokens,
  loginDevices,
  pendingBusinessSignups,
  sessions,
  users,
} from '../../db/schema/accounts.ts';
import type { Db } from '../../db/client.ts';
import { firstRow, rowUpdater } from '../../db/schema/rows.ts';

export type UserRow = typeof users.$inferSelect;
export type EmailTokenRow = typeof emailTokens.$inferSelect;
export type TokenPurpose = EmailTokenRow['purpose'];

export function findUserById(db: Db, id: string): Promise<UserRow | null> {
  return firstRow(db, users, eq(users.id, id));
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  return firstRow(db, users, eq(users.email, email));
}

/** Users who have their finished requests deleted automatically, with after how many days. */
export async function usersWithRetention(db: Db): Promise<Array<{ id: string; days: number }>> {
  return db
    .select({ id: users.id, days: users.retentionDays })
    .from(users)
    .where(eq(users.retentionEnabled, true));
}

export async function insertUser(db: Db, row: typeof users.$inferInsert): Promise<void> {
  await db.insert(users).values(row);
}

export const updateUser = rowUpdater(users);

/**
 * An update's value for `attributes`: the row's attributes as the update finds them, with `patch`
 * laid over them. A copy read before would put back what another transaction wrote meanwhile (a
 * free signature spent, a business flag), as would a rerun by the db layer of a transaction
 * PostgreSQL aborted, when that copy was read outside it.
 */
export const attributesWith = (patch: Record<string, unknown>) =>
  sql`${users.attributes} || ${JSON.stringify(patch)}::jsonb`;

export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

export async function insertSession(db: Db, row: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(row);
}

export async function revokeSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

/** Ends every session of a user except `keep` (after a password change the current one stays). */
export async function revokeUserSessions(db: Db, userId: string, now: Date, keep?: string): Promise<void> {
  const condition = keep
    ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.tokenHash, keep))
    : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db.update(sessions).set({ revokedAt: now }).where(condition);
}

/** The unexpired login device of this token, if it belongs to the account of `email`. */
export async function findLoginDevice(
  db: Db,
  tokenHash: string,
  email: string,
  now: Date,
): Promise<{ id: string; userId: string } | null> {
  const rows = await db
    .select({ id: loginDevices.id, userId: loginDevices.userId })
    .from(loginDevices)
    .innerJoin(users, eq(users.id, loginDevices.userId))
    .where(
      and(eq(loginDevices.tokenHash, tokenHash), eq(users.email, email), gt(loginDevices.expiresAt, now)),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function insertLoginDevice(db: Db, row: typeof loginDevices.$inferInsert): Promise<void> {
  await db.insert(loginDevices).values(row);
}

export async function touchLoginDevice(db: Db, id: string, now: Date, expiresAt: Date): Promise<void> {
  await db.update(loginDevices).set({ lastUsedAt: now, expiresAt }).where(eq(loginDevices.id, id));
}

/** Deletes a user's expired login devices and all but the `keep` most recently used. */
export async function pruneLoginDevices(db: Db, userId: string, keep: number, now: Date): Promise<void> {
  const newest = db
    .select({ id: loginDevices.id })
    .from(loginDevices)
    .where(eq(loginDevices.userId, userId))
    .orderBy(desc(loginDevices.lastUsedAt))
    .limit(keep);
  await db
    .delete(loginDevices)
    .where(
      and(
        eq(loginDevices.userId, userId),
        or(lte(loginDevices.expiresAt, now), notInArray(loginDevices.id, newest)),
      ),
    );
}

export async function insertEmailToken(db: Db, row: typeof emailTokens.$inferInsert): Promise<void> {
  await db.insert(emailTokens).values(row);
}

/** Marks a user's unused tokens of one purpose used, so that only a newer one works. */
export async function revokeUnusedTokens(
  db: Db,
  userId: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

/** A token that is unused and not expired, for the given purposes. */
export async function findUsableToken(
  db: Db,
  tokenHash: string,
  purposes: TokenPurpose[],
  now: Date,
): Promise<EmailTokenRow | null> {
  const rows = await db
    .select()
    .from(emailTokens)
    .where(
      and(eq(emailTokens.tokenHash, tokenHash), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)),
    )
    .limit(1);
  const row = rows[0];
  return row && purposes.includes(row.purpose) ? row : null;
}

/** Marks a token used; false when another request used it first (single use under concurrency). */
export async function consumeToken(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.tokenHash, tokenHash), isNull(emailTokens.usedAt)))
    .returning({ tokenHash: emailTokens.tokenHash });
  return rows.length === 1;
}

export type PendingBusinessSignupRow = typeof pendingBusinessSignups.$inferSelect;

export async function insertPendingBusinessSignup(db: Db, row: PendingBusinessSignupRow): Promise<void> {
  await db.insert(pendingBusinessSignups).values(row);
}

export function findPendingBusinessSignup(
  db: Db,
  tokenHash: string,
): Promise<PendingBusinessSignupRow | null> {
  return firstRow(db, pendingBusinessSignups, eq(pendingBusinessSignups.tokenHash, tokenHash));
}

/** Once the account exists its password hash lives there; the pending copy goes. */
export async function deletePendingBusinessSignup(db: Db, tokenHash: string): Promise<void> {
  await db.delete(pendingBusinessSignups).where(eq(pendingBusinessSignups.tokenHash, tokenHash));
}

/**
 * Pending business signups whose link expired (or was used) keep nothing worth keeping, least of
 * all a password hash: each new signup sweeps them away.
 */
export async function deleteLapsedBusinessSignups(db: Db, now: Date): Promise<void> {
  const lapsed = db
    .select({ tokenHash: emailTokens.tokenHash })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.purpose, 'business_signup'),
        or(lte(emailTokens.expiresAt, now), isNotNull(emailTokens.usedAt)),
      ),
    );
  await db.delete(pendingBusinessSignups).where(inArray(pendingBusinessSignups.tokenHash, lapsed));
}

/**
 * Spends one free signature in a single statement, so concurrent signings cannot overspend.
 * False when none is left.
 */
export async function spendFreeSignature(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      attributes: sql`jsonb_set(${users.attributes}, '{free_signatures_remaining}', to_jsonb(coalesce((${users.attributes}->>'free_signatures_remaining')::int, 0) - 1))`,
    })
    .where(
      and(
        eq(users.id, userId),
        sql`coalesce((${users.attributes}->>'free_signatures_remaining')::int, 0) > 0`,
      ),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}
