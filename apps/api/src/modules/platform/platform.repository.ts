import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { mailOutbox, maintenances } from '../../db/schema/platform.ts';
import type { Db } from '../../db/client.ts';

export type MaintenanceRow = typeof maintenances.$inferSelect;

/** Maintenances that have started and not ended at `now`. */
export async function activeMaintenances(db: Db, now: Date): Promise<MaintenanceRow[]> {
  return db
    .select()
    .from(maintenances)
    .where(
      and(lte(maintenances.startsAt, now), or(isNull(maintenances.endsAt), gt(maintenances.endsAt, now))),
    )
    .orderBy(desc(maintenances.startsAt));
}

export async function insertMaintenance(db: Db, row: typeof maintenances.$inferInsert): Promise<void> {
  await db.insert(maintenances).values(row);
}

/** Ends every open maintenance now. */
export async function endMaintenances(db: Db, now: Date): Promise<void> {
  await db.update(maintenances).set({ endsAt: now }).where(isNull(maintenances.endsAt));
}

export async function listOutbox(db: Db, filter: { to?: string; limit: number }) {
  const query = db.select().from(mailOutbox);
  const filtered = filter.to ? query.where(eq(mailOutbox.to, filter.to)) : query;
  return filtered.orderBy(desc(mailOutbox.id)).limit(filter.limit);
}
