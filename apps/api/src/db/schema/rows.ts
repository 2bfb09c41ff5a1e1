import { eq, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';

// The two queries every repository writes for its own tables: one whole row by a condition, and the
// change of one row by its id. They sit beside the tables they take (repositories of different
// modules may not import each other).

/** The first row of the table that matches `where` (the row itself, every column), or null. */
export async function firstRow<T extends PgTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
): Promise<InferSelectModel<T> | null> {
  const rows = (await db
    .select()
    .from(table as PgTable)
    .where(where)
    .limit(1)) as InferSelectModel<T>[];
  return rows[0] ?? null;
}

/**
 * The update of a table's rows by id, as a repository exports it (`updateUser(db, id, changes)`):
 * sets the given columns of the row with that id.
 */
export function rowUpdater<T extends PgTable & { id: PgColumn }>(table: T) {
  return async (db: Db, id: string, changes: PgUpdateSetSource<T>): Promise<void> => {
    await db.update(table).set(changes).where(eq(table.id, id));
  };
}
