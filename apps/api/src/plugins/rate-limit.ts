import { eq, sql } from 'drizzle-orm';
import { rateLimits } from '../db/schema/platform.ts';
import type { Db } from '../db/client.ts';

export interface RateLimitRule {
  key: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitState {
  count: number;
  /** Seconds until the window resets; what Retry-After says when the limit is exceeded. */
  retryAfterSeconds: number;
}

/**
 * Counts one hit in a fixed window kept in the database, so every API process shares the count.
 * One upsert: concurrent hits never lose a count.
 */
export async function countHit(db: Db, rule: RateLimitRule, now: Date): Promise<RateLimitState> {
  const windowStartCutoff = new Date(now.getTime() - rule.windowMs);
  const rows = await db
    .insert(rateLimits)
    .values({ key: rule.key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${windowStartCutoff.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${windowStartCutoff.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  const row = rows[0]!;
  return { count: row.count, retryAfterSeconds: secondsLeft(row.windowStart, rule.windowMs, now) };
}

/** The current count without counting a hit (0 when the window has passed). */
export async function peekHits(db: Db, rule: RateLimitRule, now: Date): Promise<RateLimitState> {
  const rows = await db.select().from(rateLimits).where(eq(rateLimits.key, rule.key)).limit(1);
  const row = rows[0];
  if (!row || row.windowStart.getTime() + rule.windowMs <= now.getTime())
    return { count: 0, retryAfterSeconds: 0 };
  return { count: row.count, retryAfterSeconds: secondsLeft(row.windowStart, rule.windowMs, now) };
}

export async function resetHits(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

function secondsLeft(windowStart: Date, windowMs: number, now: Date): number {
  return Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
}
