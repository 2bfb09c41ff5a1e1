// Transactions that lose a deadlock (40P01) or a serialization check (40001) on PostgreSQL are run
// again here, for every caller at once. Two transactions of several statements each can meet in
// opposite orders on the same rows (the dashboard counts did, until migration 0028 applied them at
// commit); PostgreSQL then aborts one of them, and nothing was committed, so running it again is safe as long
// as the callback's effects stay in the database. Effects outside it (mails, webhooks) go through the
// durable jobs, which are rows written in the same transaction. The same goes for state in memory:
// a callback builds its answer inside and returns it (a list declared outside would keep what the
// aborted attempt put in it), and reads inside what must be current when it commits. Embedded PGlite
// runs one transaction at a time and never reports either code; test/serialization-failure.ts makes
// a test's transaction run twice on PostgreSQL.

/** What this needs of a Drizzle database (typed here without importing db/client.ts, which uses it). */
interface Transactional {
  transaction(...args: never[]): Promise<unknown>;
}

const retryable = new Set(['40P01', '40001']);
/** Attempts in all: a third loss in a row means contention a retry will not end. */
const attempts = 3;

/** The PostgreSQL error code behind an error, through Drizzle's wrapping (`cause`). */
function sqlStateOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function isRetryableConflict(error: unknown): boolean {
  const code = sqlStateOf(error);
  return code !== undefined && retryable.has(code);
}

/**
 * Makes `db.transaction` start the callback again (a fresh transaction) when PostgreSQL aborted it for
 * a deadlock or a serialization failure, after a short random pause so the two do not meet again.
 * Nested transactions (savepoints, `tx.transaction`) are not retried on their own: the abort ends the
 * outer transaction, which is.
 */
export function retryConflictingTransactions<D extends Transactional>(db: D): D {
  const transaction = db.transaction.bind(db) as (
    ...args: Parameters<D['transaction']>
  ) => ReturnType<D['transaction']>;
  db.transaction = (async (...args: Parameters<D['transaction']>) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(...args);
      } catch (error) {
        if (attempt >= attempts || !isRetryableConflict(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
      }
    }
  }) as D['transaction'];
  return db;
}
