import type { AnyRouter } from '@tanstack/react-router';

/** The running router, for code outside React (API handlers, dialog actions, session events). */
let appRouter: AnyRouter | null = null;

export function setAppRouter(router: AnyRouter): void {
  appRouter = router;
}

export function getAppRouter(): AnyRouter | null {
  return appRouter;
}

export function navigateTo(to: string, search?: Record<string, string>, replace = false): void {
  void appRouter?.navigate({ to, search, replace });
}

/** Path and query of the page shown now. */
export function currentHref(): string {
  return appRouter?.state.location.href ?? window.location.pathname + window.location.search;
}

/** True while a navigation (and its guards) is under way; its own guards handle failures then. */
export function isNavigating(): boolean {
  return appRouter?.state.status === 'pending';
}
