import { and, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { firstRow } from '../../db/schema/rows.ts';
import { eidLogins } from '../../db/schema/eid.ts';

export type EidLoginRow = typeof eidLogins.$inferSelect;

export async function insertLogin(db: Db, row: typeof eidLogins.$inferInsert): Promise<void> {
  await db.insert(eidLogins).values(row);
}

/** Logins nobody finished in time are of no use to anyone. */
export async function deleteExpired(db: Db, now: Date): Promise<void> {
  await db.delete(eidLogins).where(lt(eidLogins.expiresAt, now));
}

/**
 * Claims an unexpired, not yet exchanged login by its state for the code exchange: one caller wins,
 * a replay of the same state finds nothing.
 */
export async function claimForExchange(db: Db, stateHash: string, now: Date): Promise<EidLoginRow | null> {
  const rows = await db
    .update(eidLogins)
    .set({ exchangedAt: now })
    .where(
      and(eq(eidLogins.stateHash, stateHash), isNull(eidLogins.exchangedAt), gt(eidLogins.expiresAt, now)),
    )
    .returning();
  return rows[0] ?? null;
}

export function findByState(db: Db, stateHash: string): Promise<EidLoginRow | null> {
  return firstRow(db, eidLogins, eq(eidLogins.stateHash, stateHash));
}

export async function setIdentity(db: Db, id: string, identity: unknown): Promise<void> {
  await db.update(eidLogins).set({ identity }).where(eq(eidLogins.id, id));
}

/** Claims an exchanged login of `purpose` for its use (a signup's account, a single sign-on's session): once. */
export async function claimForUse(
  db: Db,
  stateHash: string,
  purpose: EidLoginRow['purpose'],
  now: Date,
): Promise<EidLoginRow | null> {
  const rows = await db
    .update(eidLogins)
    .set({ usedAt: now })
    .where(
      and(
        eq(eidLogins.stateHash, stateHash),
        eq(eidLogins.purpose, purpose),
        isNotNull(eidLogins.identity),
        isNull(eidLogins.usedAt),
        gt(eidLogins.expiresAt, now),
      ),
    )
    .returning();
  return rows[0] ?? null;
}
