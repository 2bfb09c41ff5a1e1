import type { RegisteredRouter } from '@tanstack/react-router';

/** The running router, for code outside React (API handlers, dialog actions, session events). */
let appRouter: RegisteredRouter | null = null;

export function setAppRouter(router: RegisteredRouter): void {
  appRouter = router;
}

export function getAppRouter(): RegisteredRouter | null {
  return appRouter;
}

/** Path and query of the page shown now. */
export function currentHref(): string {
  return appRouter?.state.location.href ?? window.location.pathname + window.location.search;
}

/** True while a navigation (and its guards) is under way; its own guards handle failures then. */
export function isNavigating(): boolean {
  return appRouter?.state.status === 'pending';
}
