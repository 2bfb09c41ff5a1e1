import { sendTelemetry } from './api-client.ts';
import { readConfig } from './config.ts';

/**
 * Error reporting adapter: off unless a collection address is configured
 * (VITE_SIGNET_ERROR_REPORT_URL or window.__SIGNET_CONFIG__.errorReportUrl).
 * Errors are always written to the console so they are never lost silently.
 */
export function reportError(error: unknown, extra: Record<string, unknown> = {}): void {
  console.error(error, extra);
  const url = readConfig().errorReportUrl;
  if (!url) return;
  const report = {
    message: error instanceof Error ? error.message : String(error),
    name: error instanceof Error ? error.name : 'Error',
    stack: error instanceof Error ? error.stack : undefined,
    extra,
    location: window.location.pathname,
    at: new Date().toISOString(),
  };
  // sendBeacon survives page unloads (the error page may be followed by a reload).
  const beacon = new Blob([JSON.stringify(report)], { type: 'application/json' });
  if (!navigator.sendBeacon?.(url, beacon)) sendTelemetry(url, report);
}

const crawlerPattern =
  /bot|crawl|spider|slurp|facebookexternalhit|embedly|quora link preview|bingpreview|lighthouse/i;

/** Spec §4/§8: for crawlers, errors are only logged, never shown. */
export function isCrawler(userAgent: string = navigator.userAgent): boolean {
  return crawlerPattern.test(userAgent);
}
