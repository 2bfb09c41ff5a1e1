/** Spec §3 exit-URL state, read from the direct-sign query (exit, error, decline, redirectTimeout). */
export interface ExitUrlState {
  exitUrl: string | null;
  errorUrl: string | null;
  declineUrl: string | null;
  /** Seconds before leaving; 0 leaves at once. */
  timeout: number;
  /** `declineRedirect=false` (or 0) keeps a visitor who declined in Signet. */
  declineRedirect: boolean;
}

const defaultRedirectTimeout = 45;

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
    declineRedirect: !['false', '0', false, 0].includes(search.declineRedirect as string),
  };
}

/** The redirect fields a request carries (set by its sender through the API). */
export interface RequestExitFields {
  exit_url: string | null;
  error_url: string | null;
  decline_url: string | null;
  redirect_timeout: number;
}

/**
 * The link's query wins; what it leaves out comes from the request itself. Error and decline
 * addresses still fall back to the exit address (spec §4).
 */
export function withRequestExit(
  search: Record<string, unknown>,
  request: RequestExitFields | undefined,
): ExitUrlState {
  const fromQuery = parseExitUrlState(search);
  if (!request) return fromQuery;
  const exitUrl = fromQuery.exitUrl ?? safeRedirectUrl(request.exit_url);
  return {
    exitUrl,
    errorUrl: safeRedirectUrl(search.error) ?? safeRedirectUrl(request.error_url) ?? exitUrl,
    declineUrl: safeRedirectUrl(search.decline) ?? safeRedirectUrl(request.decline_url) ?? exitUrl,
    timeout:
      search.redirectTimeout === undefined ? redirectTimeout(request.redirect_timeout) : fromQuery.timeout,
    declineRedirect: fromQuery.declineRedirect,
  };
}

/**
 * Spec §4: after signing, the automatic countdown runs only if the exit URL applies to exactly the
 * last signature request signed, i.e. the one the link (and its exit URL) is about.
 */
export function exitAfterSigning(
  state: ExitUrlState,
  linkRequestId: string,
  signedIds: readonly string[],
): string | null {
  return state.exitUrl && signedIds.length > 0 && signedIds[signedIds.length - 1] === linkRequestId
    ? state.exitUrl
    : null;
}
