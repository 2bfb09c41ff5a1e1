import { useEffect } from 'react';
import { SearchParamError, type ErrorComponentProps } from '@tanstack/react-router';
import { isApiError } from '../lib/api-client.ts';
import { isCrawler, reportError } from '../lib/error-reporter.ts';
import { ErrorPage } from './error-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';

const reloadGuardKey = 'signet.chunk-reload';
/** Spec §9: do not reload again within 10 s, so a broken deployment cannot loop. */
const reloadGuardMs = 10_000;

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk/i.test(
      error.message,
    )
  );
}

/** Reloads the page to fetch the current build's chunks; false when a reload just happened. */
export function reloadForNewChunks(): boolean {
  const last = Number(sessionStorage.getItem(reloadGuardKey) ?? 0);
  if (Date.now() - last < reloadGuardMs) return false;
  sessionStorage.setItem(reloadGuardKey, String(Date.now()));
  window.location.reload();
  return true;
}

function isRouteValidationError(error: unknown): boolean {
  if (error instanceof SearchParamError) return true;
  if (!(error instanceof Error)) return false;
  const cause = (error as { cause?: unknown }).cause;
  return (
    error.name === 'PathParamError' ||
    error.name === 'RouteValidationError' ||
    (cause instanceof Error && cause.name === 'RouteValidationError')
  );
}

export type ErrorView = 'none' | 'not-found' | 'reload' | 'error';

/** Spec §8: nothing for 401 (the session handler redirects) or for crawlers (logged only). */
export function errorView(error: unknown, userAgent: string): ErrorView {
  if (isApiError(error) && error.statusCode === 401) return 'none';
  if (isRouteValidationError(error)) return 'not-found';
  if (isChunkLoadError(error)) return 'reload';
  if (isCrawler(userAgent)) return 'none';
  return 'error';
}

export function AppErrorPage({ error }: Pick<ErrorComponentProps, 'error'>) {
  const view = errorView(error, navigator.userAgent);
  useEffect(() => {
    if (view === 'reload' && reloadForNewChunks()) return;
    if (view === 'error' || (view === 'none' && !(isApiError(error) && error.statusCode === 401)))
      reportError(error, { view });
  }, [error, view]);
  if (view === 'not-found') return <NotFoundPage />;
  if (view === 'none') return null;
  return <ErrorPage />;
}
