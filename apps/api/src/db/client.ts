import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as accounts from './schema/accounts.ts';
import * as platform from './schema/platform.ts';
import * as documents from './schema/documents.ts';
import * as signatureRequests from './schema/signature-requests.ts';
import * as signing from './schema/signing.ts';
import * as businesses from './schema/businesses.ts';
import * as identification from './schema/identification.ts';
import * as eid from './schema/eid.ts';
import * as visualSignatures from './schema/visual-signatures.ts';
import * as archive from './schema/archive.ts';
import * as webhooks from './schema/webhooks.ts';
import * as billing from './schema/billing.ts';
import * as requestList from './schema/request-list.ts';
import { ProcessLiveness } from './process-liveness.ts';
import { retryConflictingTransactions } from './transaction-retry.ts';

const schema = {
  ...accounts,
  ...platform,
  ...documents,
  ...signatureRequests,
  ...signing,
  ...businesses,
  ...identification,
  ...eid,
  ...visualSignatures,
  ...archive,
  ...webhooks,
  ...billing,
  ...requestList,
};
type Schema = typeof schema;
/** The database handle every repository takes: PGlite and node-postgres share this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * The key that marks what this process holds (signing locks) while it is alive, for other
   * processes sharing PostgreSQL; null on embedded PGlite, which one process owns alone.
   */
  processKey(): number | null;
  close(): Promise<void>;
}

/** The committed migrations (drizzle-kit's journal and SQL files). */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Serialises migrations when several API processes start against one PostgreSQL at once. */
const migrationLockId = 7_316_923;

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  pgliteDir: string;
  /**
   * A dump (`PGlite.dumpDataDir`) of an already migrated in-memory PGlite to start from. Tests use
   * it: creating a PGlite cluster (initdb) and applying every migration take seconds each time.
   */
  pgliteSnapshot?: Blob;
}

/**
 * Opens the database: PostgreSQL when a URL is given, otherwise embedded PGlite in `pgliteDir`
 * (or in memory when `pgliteDir` is 'memory://', for tests). Applies the committed migrations.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client whose connection the server ended (restart, admin action) must not crash the
    // process; the pool replaces it on the next query.
    pool.on('error', () => undefined);
    const db = retryConflictingTransactions(drizzlePg(pool, { schema }) as unknown as Db);
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [migrationLockId]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [migrationLockId]).catch(() => undefined);
      client.release();
    }
    const liveness = await ProcessLiveness.start(options.databaseUrl).catch(async (error: unknown) => {
      await pool.end();
      throw error;
    });
    return {
      db,
      kind: 'postgres',
      processKey: () => liveness.key,
      close: async () => {
        await liveness.stop();
        await pool.end();
      },
    };
  }
  if (options.pgliteDir !== 'memory://') mkdirSync(options.pgliteDir, { recursive: true });
  const client = new PGlite(options.pgliteDir === 'memory://' ? undefined : options.pgliteDir, {
    loadDataDir: options.pgliteSnapshot,
  });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  const stopAnalyzing = keepStatisticsFresh(client);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    processKey: () => null,
    close: async () => {
      stopAnalyzing();
      await client.close();
    },
  };
}

/** How often embedded PGlite refreshes the planner's statistics. */
const analyzeEveryMs = 5 * 60_000;

/**
 * PGlite has no autovacuum, so without this the planner never learns table sizes: with 10,000
 * requests the dashboard's "to sign" filter took 35 s per query unanalysed and 85 ms analysed
 * (bench/api.ts). PostgreSQL's autovacuum does the same on its own.
 */
function keepStatisticsFresh(client: PGlite): () => void {
  const analyze = () => void client.exec('analyze').catch(() => undefined);
  analyze();
  const timer = setInterval(analyze, analyzeEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}

export function pgliteDirFor(dataDir: string): string {
  return join(dataDir, 'pglite');
}

/** A cheap round trip, for the health route. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
