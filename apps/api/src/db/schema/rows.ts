import { eq, sql, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';

// The queries every repository writes for its own tables: one whole row by a condition, whether a
// row matches, the ids of the rows that match, and the change of one row by its id. They sit beside
// the tables they take because repositories of different modules may not import each other.

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

/** Whether any row of the table matches `where`. */
export async function anyRow(db: Db, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(1);
  return rows.length > 0;
}

/** The ids of the rows of the table that match `where`. */
export async function idsWhere(
  db: Db,
  table: PgTable & { id: AnyPgColumn<{ data: string }> },
  where: SQL | undefined,
): Promise<string[]> {
  const rows = await db.select({ id: table.id }).from(table).where(where);
  return rows.map((row) => row.id as string);
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
