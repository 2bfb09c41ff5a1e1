import { and, eq, sql, type SQL } from 'drizzle-orm';
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

/** A hit taken by takeHit: `allowed` false when the window was full (nothing was counted then). */
export interface TakenHit extends RateLimitState {
  allowed: boolean;
  /** The window the hit was counted in, so that releaseHit gives it back to that window only. */
  windowStart: Date | null;
}

/**
 * The one upsert behind countHit and takeHit: a new window starts when the old one has passed.
 * With `onlyBelowLimit`, a full window is left unchanged and no row comes back.
 */
async function upsertHit(db: Db, rule: RateLimitRule, now: Date, onlyBelowLimit: boolean) {
  const cutoff = new Date(now.getTime() - rule.windowMs).toISOString();
  const expired = sql`${rateLimits.windowStart} <= ${cutoff}::timestamptz`;
  const setWhere: SQL | undefined = onlyBelowLimit
    ? sql`(${expired} or ${rateLimits.count} < ${rule.limit})`
    : undefined;
  const rows = await db
    .insert(rateLimits)
    .values({ key: rule.key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
      },
      setWhere,
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  return rows[0];
}

/**
 * Counts one hit in a fixed window kept in the database, so every API process shares the count.
 * One upsert: concurrent hits never lose a count.
 */
export async function countHit(db: Db, rule: RateLimitRule, now: Date): Promise<RateLimitState> {
  const row = (await upsertHit(db, rule, now, false))!;
  return { count: row.count, retryAfterSeconds: secondsLeft(row.windowStart, rule.windowMs, now) };
}

/**
 * Counts one hit and, once the rule's limit is passed, throws what `refusal` makes of the seconds
 * until the window resets: each caller says its own code and message, the count is the same.
 */
export async function countHitOrRefuse(
  db: Db,
  rule: RateLimitRule,
  now: Date,
  refusal: (retryAfterSeconds: number) => Error,
): Promise<void> {
  const state = await countHit(db, rule, now);
  if (state.count > rule.limit) throw refusal(state.retryAfterSeconds);
}

/**
 * Counts one hit only while the window has room, checked and counted in one statement: of many
 * concurrent callers at most `limit` get `allowed` (a read followed by a count would let them all
 * through before any of them counted).
 */
export async function takeHit(db: Db, rule: RateLimitRule, now: Date): Promise<TakenHit> {
  const row = await upsertHit(db, rule, now, true);
  if (row)
    return {
      allowed: true,
      count: row.count,
      retryAfterSeconds: secondsLeft(row.windowStart, rule.windowMs, now),
      windowStart: row.windowStart,
    };
  const state = await peekHits(db, rule, now);
  return {
    allowed: false,
    ...state,
    retryAfterSeconds: Math.max(1, state.retryAfterSeconds),
    windowStart: null,
  };
}

/** Gives back a hit taken by takeHit (the attempt turned out legitimate or was not made). */
export async function releaseHit(db: Db, rule: RateLimitRule, hit: TakenHit): Promise<void> {
  if (!hit.allowed || !hit.windowStart) return;
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, rule.key), eq(rateLimits.windowStart, hit.windowStart)));
}

export type TakenHits =
  | { allowed: true; /** Gives every hit back. */ release(): Promise<void> }
  | { allowed: false; retryAfterSeconds: number };

/**
 * Takes a hit of every rule, in order, or of none: when one window is full, the hits already
 * taken are given back, so a refused attempt costs the caller's other budgets nothing.
 */
export async function takeHits(db: Db, rules: RateLimitRule[], now: Date): Promise<TakenHits> {
  const taken: Array<[RateLimitRule, TakenHit]> = [];
  const release = async () => {
    for (const [rule, hit] of taken) await releaseHit(db, rule, hit);
  };
  for (const rule of rules) {
    const hit = await takeHit(db, rule, now);
    if (!hit.allowed) {
      await release();
      return { allowed: false, retryAfterSeconds: hit.retryAfterSeconds };
    }
    taken.push([rule, hit]);
  }
  return { allowed: true, release };
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
