/** Spec §3 exit-URL state, read from the direct-sign query (exit, error, decline, redirectTimeout). */
export interface ExitUrlState {
  exitUrl: string | null;
  errorUrl: string | null;
  declineUrl: string | null;
  /** Seconds before leaving; 0 leaves at once. */
  timeout: number;
}

export const defaultRedirectTimeout = 45;

/** Spec §5: only http and https addresses count; anything else is ignored. */
export function safeRedirectUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Spec §5: 0 is immediate; other values are clamped to 10..90; default 45. */
export function redirectTimeout(value: unknown): number {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  if (!Number.isFinite(number)) return defaultRedirectTimeout;
  if (number === 0) return 0;
  return Math.min(90, Math.max(10, Math.round(number)));
}

/** Error and decline addresses fall back to the exit address (spec §4). */
export function parseExitUrlState(search: Record<string, unknown>): ExitUrlState {
  const exitUrl = safeRedirectUrl(search.exit);
  return {
    exitUrl,
    errorUrl: safeRedirectUrl(search.error) ?? exitUrl,
    declineUrl: safeRedirectUrl(search.decline) ?? exitUrl,
    timeout: redirectTimeout(search.redirectTimeout),
  };
}
