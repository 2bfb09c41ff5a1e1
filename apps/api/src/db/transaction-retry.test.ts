import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers.ts';

// Two transactions that lock two rows in opposite orders deadlock for real on PostgreSQL; the server
// aborts one (40P01) and the db layer runs it again, so both land. PGlite runs one transaction at a
// time and cannot deadlock, so this runs only where DATABASE_URL names a server.

describe.skipIf(!process.env.DATABASE_URL)('transactions on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await database.db.execute(sql`create table deadlock_probe (id int primary key, n int not null)`);
    await database.db.execute(sql`insert into deadlock_probe values (1, 0), (2, 0)`);
  });
  afterAll(() => database.close());

  it('runs the loser of a deadlock again, so both transactions land once', async () => {
    const { db } = database;
    let runs = 0;
    let bothHoldOne: () => void = () => undefined;
    let holding = 0;
    const bothHolding = new Promise<void>((resolve) => (bothHoldOne = resolve));
    const crosswise = (first: number, second: number) =>
      db.transaction(async (tx) => {
        runs++;
        await tx.execute(sql`update deadlock_probe set n = n + 1 where id = ${first}`);
        if (++holding === 2) bothHoldOne();
        await bothHolding;
        await tx.execute(sql`update deadlock_probe set n = n + 1 where id = ${second}`);
      });
    await Promise.all([crosswise(1, 2), crosswise(2, 1)]);
    const rows = (await db.execute(sql`select id, n from deadlock_probe order by id`)) as unknown as {
      rows: Array<{ id: number; n: number }>;
    };
    expect(rows.rows).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
    // Three runs: the two, and the loser's second run.
    expect(runs).toBe(3);
  }, 30_000);

  it('does not retry other errors', async () => {
    let runs = 0;
    await expect(
      database.db.transaction(async (tx) => {
        runs++;
        await tx.execute(sql`insert into deadlock_probe values (1, 0)`);
      }),
    ).rejects.toThrow();
    expect(runs).toBe(1);
  });
});
