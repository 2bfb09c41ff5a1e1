/** Spec §8/§9: page fetches are retried up to 10 times, 100 ms doubling to 5 s, or as a 503 says. */
const maxPageFetchTries = 10;
const firstRetryDelayMs = 100;
const maxRetryDelayMs = 5000;
/** Spec §9: statuses worth another try (0 stands for a network failure). */
const retryStatuses: ReadonlySet<number> = new Set([0, 408, 409, 425, 429, 500, 502, 503, 504]);

/** Seconds or an HTTP date, as Retry-After allows; null when absent or unreadable. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isFinite(date) ? Math.max(0, date - now) : null;
}

/**
 * Delay before retry number `attempt` (1 = the first retry). A 503 with Retry-After waits as
 * told; everything else backs off exponentially from 100 ms, never longer than 5 s.
 */
export function retryDelayMs(attempt: number, status: number, retryAfterMs: number | null): number {
  if (status === 503 && retryAfterMs !== null) return retryAfterMs;
  return Math.min(firstRetryDelayMs * 2 ** (attempt - 1), maxRetryDelayMs);
}

export function shouldRetry(status: number, triesSoFar: number): boolean {
  return triesSoFar < maxPageFetchTries && retryStatuses.has(status);
}
