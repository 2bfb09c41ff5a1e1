import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/helpers.ts';
import { SettableClock } from '../clock.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { jobs } from '../db/schema/platform.ts';
import { enqueueJob, JobRunner, scheduleRecurringJob } from './queue.ts';

// The runner only warns about failed jobs; none fails here.
const log = { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

describe.each(databaseKinds)('job queue shared by processes (%s)', (kind) => {
  let first: TestDatabase;
  // On PostgreSQL a second connection pool, as another Signet process would have.
  let second: Database;
  const clock = new SettableClock();

  beforeAll(async () => {
    first = await createTestDatabase(kind);
    second = first.url ? await openDatabase({ databaseUrl: first.url, pgliteDir: 'unused' }) : first;
  });
  afterAll(async () => {
    if (second !== first) await second.close();
    await first.close();
  });

  it('runs every job exactly once when two runners drain the queue at the same time', async () => {
    const total = 40;
    for (let i = 0; i < total; i++)
      await enqueueJob(first.db, { kind: 'count', payload: { i }, runAt: clock.now() });
    const seen: number[] = [];
    const runners = [first, second].map((database) => {
      const runner = new JobRunner({ db: database.db, clock, log });
      runner.register('count', async (payload) => {
        seen.push(payload.i as number);
        // A job that takes a moment, so the runners really overlap.
        await new Promise((resolve) => setTimeout(resolve, 2));
      });
      return runner;
    });
    await Promise.all(runners.map((runner) => runner.drain()));
    expect(seen.sort((a, b) => a - b)).toEqual([...Array(total).keys()]);
  });

  it('schedules a recurring job once when processes schedule it at the same moment', async () => {
    const pending = () =>
      first.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, 'nightly'), isNull(jobs.doneAt)));
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        scheduleRecurringJob((i % 2 ? second : first).db, 'nightly', clock.now()),
      ),
    );
    expect(await pending()).toHaveLength(1);
  });
});
