import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

// A way to make the db layer run a transaction's callback a second time on PostgreSQL, in tests:
// a temporary trigger aborts the first transaction that inserts a matching row with a serialization
// failure (40001), as a real conflict would abort it. Callbacks must then leave nothing behind from
// the aborted attempt (state outside the callback, effects outside the database).

export interface InjectedFailure {
  /** How many inserts the trigger saw match (the aborted one included). */
  hits(): Promise<number>;
  remove(): Promise<void>;
}

/**
 * Aborts the first transaction that inserts a row into `table` for which `condition` (SQL over
 * `new`) holds. A sequence counts the matches: it is not rolled back with the aborted transaction,
 * so the second attempt passes.
 */
export async function abortFirstInsert(db: Db, table: string, condition: string): Promise<InjectedFailure> {
  const name = `abort_once_${randomBytes(4).toString('hex')}`;
  await db.execute(sql.raw(`create sequence ${name}`));
  await db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin
        -- Nested, not AND: SQL does not promise to evaluate the condition first.
        if (${condition}) then
          if nextval('${name}') = 1 then
            raise exception 'injected serialization failure' using errcode = '40001';
          end if;
        end if;
        return new;
      end $$`),
  );
  await db.execute(
    sql.raw(`create trigger ${name} before insert on ${table} for each row execute function ${name}()`),
  );
  return {
    hits: async () => {
      const result = (await db.execute(sql.raw(`select last_value, is_called from ${name}`))) as unknown as {
        rows: Array<{ last_value: string; is_called: boolean }>;
      };
      const row = result.rows[0]!;
      return row.is_called ? Number(row.last_value) : 0;
    },
    remove: async () => {
      await db.execute(sql.raw(`drop trigger ${name} on ${table}`));
      await db.execute(sql.raw(`drop function ${name}()`));
      await db.execute(sql.raw(`drop sequence ${name}`));
    },
  };
}
