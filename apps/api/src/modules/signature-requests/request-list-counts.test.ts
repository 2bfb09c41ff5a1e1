import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { requestListCounts } from '../../db/schema/request-list.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../../test/helpers.ts';

// The dashboard counts (migration 0028) change when a transaction commits, not in each statement
// that rewrites entries. Under load (bench/load.ts: one owner, many visitors signing) a creation held
// its owner's 'draft' count from its first statement and asked for the 'completed' one in its second,
// while a signature of another of the owner's requests held 'completed' and waited for 'draft':
// PostgreSQL broke the cycle with 40P01 and the API answered 500.

const owner = 'u-counts-owner';
const at = new Date('2026-11-25T10:00:00Z');

const request = (id: string, status: 'DRAFT' | 'OPEN' | 'SIGNED') => ({
  id,
  ownerId: owner,
  title: id,
  status,
  quality: 'aes' as const,
  legislation: 'eidas' as const,
  signingOrder: false,
  redirectTimeout: 0,
  createdAt: at,
  updatedAt: at,
});

/** The creation's two statements: the request, then (as adding its signers does) a rewrite of it. */
const create = {
  first: (db: Db) => db.insert(signatureRequests).values(request('r-new', 'DRAFT')),
  second: (db: Db) =>
    db.update(signatureRequests).set({ title: 'r-new signers' }).where(eq(signatureRequests.id, 'r-new')),
};
/** The last signature of another of the owner's requests: it turns SIGNED. */
const complete = (db: Db) =>
  db
    .update(signatureRequests)
    .set({ status: 'SIGNED', completedAt: at, updatedAt: new Date(at.getTime() + 1000) })
    .where(eq(signatureRequests.id, 'r-open'));

async function counts(db: Db): Promise<Record<string, number>> {
  const rows = await db.select().from(requestListCounts).where(eq(requestListCounts.userId, owner));
  return Object.fromEntries(rows.filter((r) => r.n !== 0).map((r) => [`${r.filter}/${r.status}`, r.n]));
}

describe.each(databaseKinds)('dashboard counts under concurrent changes on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db.insert(users).values({
      id: owner,
      email: 'owner.counts@example.ch',
      firstName: 'Owen',
      lastName: 'Counts',
      passwordHash: 'unused',
      attributes: {},
      createdAt: at,
      updatedAt: at,
    });
    // The owner has a count row for every filter the two transactions touch.
    await database.db
      .insert(signatureRequests)
      .values([request('r-signed', 'SIGNED'), request('r-open', 'OPEN'), request('r-draft', 'DRAFT')]);
  });
  afterAll(() => database.close());

  it.runIf(kind === 'postgres')(
    'a creation and a completion of the same owner interleaved both commit, and the counts add up',
    async () => {
      const creating = new pg.Client({ connectionString: database.url });
      const completing = new pg.Client({ connectionString: database.url });
      await Promise.all([creating.connect(), completing.connect()]);
      try {
        const completingPid = (await completing.query<{ pid: number }>('select pg_backend_pid() as pid'))
          .rows[0]!.pid;
        const asDb = (client: pg.Client) => drizzle(client) as unknown as Db;
        await creating.query('begin');
        await create.first(asDb(creating));
        await completing.query('begin');
        // The completion either finishes or waits for a lock the creation holds; either way it has
        // taken what it takes before the creation's second statement runs (as in the deadlock).
        let completed = false;
        const completion = complete(asDb(completing)).then(() => {
          completed = true;
        });
        completion.catch(() => undefined);
        for (let i = 0; i < 500 && !completed; i++) {
          const waiting = (await database.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where pid = ${completingPid} and wait_event_type = 'Lock'`,
          )) as unknown as { rows: Array<{ n: number }> };
          if (waiting.rows[0]!.n > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await create.second(asDb(creating));
        await creating.query('commit');
        await completion;
        await completing.query('commit');
      } finally {
        await Promise.all([creating.end(), completing.end()]);
      }
      expect(await counts(database.db)).toEqual({ 'completed/SIGNED': 2, 'draft/DRAFT': 2 });
    },
  );

  it.runIf(kind === 'pglite')(
    'counts follow a creation and a completion, each one transaction of several statements',
    async () => {
      await database.db.transaction(async (tx) => {
        await create.first(tx);
        await create.second(tx);
      });
      await database.db.transaction((tx) => complete(tx));
      expect(await counts(database.db)).toEqual({ 'completed/SIGNED': 2, 'draft/DRAFT': 2 });
    },
  );
});
