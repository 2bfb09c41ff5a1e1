import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds } from '../../test/helpers.ts';
import type { Database } from '../db/client.ts';
import { peekHits, releaseHit, takeHit, takeHits } from './rate-limit.ts';

describe.each(databaseKinds)('rate limits on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());
  const now = new Date('2030-01-01T10:00:00Z');

  it('lets at most the limit of parallel takers through, and counts only those', async () => {
    const rule = { key: 'test:parallel', limit: 5, windowMs: 60_000 };
    const hits = await Promise.all(Array.from({ length: 25 }, () => takeHit(database.db, rule, now)));
    expect(hits.filter((hit) => hit.allowed)).toHaveLength(5);
    for (const refused of hits.filter((hit) => !hit.allowed)) expect(refused.retryAfterSeconds).toBe(60);
    expect((await peekHits(database.db, rule, now)).count).toBe(5);
  });

  it('gives a released hit back to its window only, and opens a new window when the old one passed', async () => {
    const rule = { key: 'test:release', limit: 2, windowMs: 60_000 };
    const first = await takeHit(database.db, rule, now);
    await takeHit(database.db, rule, now);
    expect((await takeHit(database.db, rule, now)).allowed).toBe(false);
    await releaseHit(database.db, rule, first);
    expect((await takeHit(database.db, rule, now)).allowed).toBe(true);

    const later = new Date(now.getTime() + 61_000);
    expect(await takeHit(database.db, rule, later)).toMatchObject({ allowed: true, count: 1 });
    // A hit of the passed window given back late does not lower the new window's count.
    await releaseHit(database.db, rule, first);
    expect((await peekHits(database.db, rule, later)).count).toBe(1);
  });

  it('takes a hit of every rule or of none', async () => {
    const open = { key: 'test:all-open', limit: 5, windowMs: 60_000 };
    const full = { key: 'test:all-full', limit: 1, windowMs: 60_000 };
    await takeHit(database.db, full, now);
    const refused = await takeHits(database.db, [open, full], now);
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 60 });
    expect((await peekHits(database.db, open, now)).count).toBe(0);

    const other = { key: 'test:all-other', limit: 5, windowMs: 60_000 };
    const taken = await takeHits(database.db, [open, other], now);
    expect(taken.allowed).toBe(true);
    expect((await peekHits(database.db, other, now)).count).toBe(1);
    if (taken.allowed) await taken.release();
    expect((await peekHits(database.db, open, now)).count).toBe(0);
    expect((await peekHits(database.db, other, now)).count).toBe(0);
  });
});
