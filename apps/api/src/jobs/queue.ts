import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { jobs } from '../db/schema/platform.ts';
import type { Db } from '../db/client.ts';
import { anyRow } from '../db/schema/rows.ts';
import type { Clock } from '../clock.ts';

/** Durable background work: jobs live in the database, survive restarts and retry with backoff. */
export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

const maxAttempts = 6;

/** PGlite and node-postgres both answer raw queries with `rows`. */
interface ClaimedJobs {
  rows: Array<{ id: number; kind: string; payload: Record<string, unknown>; attempts: number }>;
}
const lockMs = 60_000;
/** Advisory lock class of recurring-job scheduling (the second key is the kind's hash). */
const recurringLockId = 7_316_925;

export async function enqueueJob(
  db: Db,
  job: { kind: string; payload: Record<string, unknown>; runAt: Date },
): Promise<void> {
  await db
    .insert(jobs)
    .values({ kind: job.kind, payload: job.payload, runAt: job.runAt, createdAt: job.runAt });
}

/**
 * Whether a job of this kind waits to run (not done, not given up); with `dueAfter`, only one due
 * later than that. A recurring job schedules its next run only when none is waiting, so that
 * processes starting together do not multiply it.
 */
async function hasPendingJob(db: Db, kind: string, dueAfter?: Date): Promise<boolean> {
  return anyRow(
    db,
    jobs,
    and(
      eq(jobs.kind, kind),
      isNull(jobs.doneAt),
      isNull(jobs.failedAt),
      dueAfter ? gt(jobs.runAt, dueAfter) : undefined,
    ),
  );
}

/**
 * Schedules a recurring job's run at `runAt` unless one of its kind waits already (with
 * `waitingAfter`: one due later than that — the run in hand does not count).
 */
export async function scheduleRecurringJob(
  db: Db,
  kind: string,
  runAt: Date,
  waitingAfter?: Date,
): Promise<void> {
  // Check and insert under one transaction-scoped lock per kind: processes sharing PostgreSQL that
  // start (or finish a run) together would otherwise both see none waiting and both schedule one.
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${recurringLockId}, hashtext(${kind}))`);
    if (!(await hasPendingJob(tx, kind, waitingAfter))) await enqueueJob(tx, { kind, payload: {}, runAt });
  });
}

/** Jobs waiting (due now, or later) and how long the oldest due one has waited: the metrics' view. */
export async function queueStats(
  db: Db,
  now: Date,
): Promise<{ due: number; scheduled: number; oldestDueSeconds: number }> {
  const at = now.toISOString();
  const result = (await db.execute(sql`
    select count(*) filter (where run_at <= ${at}::timestamptz)::int as due,
           count(*) filter (where run_at > ${at}::timestamptz)::int as scheduled,
           coalesce(extract(epoch from ${at}::timestamptz - min(run_at) filter (where run_at <= ${at}::timestamptz)), 0)::float8 as oldest
    from ${jobs} where done_at is null and failed_at is null`)) as unknown as {
    rows: Array<{ due: number; scheduled: number; oldest: number }>;
  };
  const row = result.rows[0];
  return { due: row?.due ?? 0, scheduled: row?.scheduled ?? 0, oldestDueSeconds: row?.oldest ?? 0 };
}

export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly deps: { db: Db; clock: Clock; log: FastifyBaseLogger }) {}

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Claims one due job (no other process gets it while locked) and runs it. False when none was due. */
  async runOne(): Promise<boolean> {
    const now = this.deps.clock.now();
    const claimed = (await this.deps.db.execute(sql`
      update ${jobs} set locked_until = ${new Date(now.getTime() + lockMs).toISOString()}::timestamptz, attempts = attempts + 1
      where id = (
        select id from ${jobs}
        where done_at is null and failed_at is null and run_at <= ${now.toISOString()}::timestamptz
          and (locked_until is null or locked_until < ${now.toISOString()}::timestamptz)
        order by run_at, id limit 1 for update skip locked)
      returning id, kind, payload, attempts`)) as unknown as ClaimedJobs;
    const job = claimed.rows[0];
    if (!job) return false;
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload);
      // A done job keeps no payload: a delivered mail's links carry secrets (a visitor's signing
      // link, a reset link) that nobody should read back from the database.
      await this.deps.db
        .update(jobs)
        .set({ doneAt: this.deps.clock.now(), lockedUntil: null, payload: {} })
        .where(eq(jobs.id, job.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.deps.log.warn(
        { jobId: job.id, kind: job.kind, attempts: job.attempts, err: message },
        'job failed',
      );
      const giveUp = job.attempts >= maxAttempts;
      const retryAt = new Date(this.deps.clock.now().getTime() + 2 ** job.attempts * 5_000);
      await this.deps.db
        .update(jobs)
        .set(
          giveUp
            ? { failedAt: this.deps.clock.now(), lastError: message, lockedUntil: null }
            : { runAt: retryAt, lastError: message, lockedUntil: null },
        )
        .where(and(eq(jobs.id, job.id)));
    }
    return true;
  }

  /** Runs every job that is due now; tests call this instead of waiting for the poller. */
  async drain(): Promise<void> {
    while (await this.runOne()) {
      /* keep going */
    }
  }

  start(pollMs: number): void {
    const tick = () => {
      this.running = this.drain()
        .catch((error) => this.deps.log.error({ err: error }, 'job runner'))
        .finally(() => {
          this.running = null;
          if (this.timer) this.timer = setTimeout(tick, pollMs);
        });
    };
    this.timer = setTimeout(tick, pollMs);
  }

  /** Stops polling and waits for the job in hand, for graceful shutdown. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
