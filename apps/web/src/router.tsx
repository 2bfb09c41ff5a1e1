import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  type AnyRoute,
  type RouteComponent,
} from '@tanstack/react-router';
import { AppErrorPage } from './components/app-error-page.tsx';
import { SimpleLayout } from './components/layouts/simple-layout.tsx';
import { UnauthenticatedLayout } from './components/layouts/unauthenticated-layout.tsx';
import { NotFoundPage } from './components/not-found-page.tsx';
import { RootShell } from './routes/root-shell.tsx';
import { createPageRoute, type RouterContext } from './routes/page-route.ts';
import { routeTable, type Layout, type RouteTableEntry } from './routes/route-table.ts';
import { searchValidator, type SearchValidatorOf } from './routes/search-schemas.ts';

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootShell,
  notFoundComponent: NotFoundPage,
  errorComponent: AppErrorPage,
});

/** A layout around its pages; it adds no path segment. */
function createLayoutRoute<const TId extends Layout>(id: TId, component: RouteComponent) {
  return createRoute({ getParentRoute: () => rootRoute, id, component, errorComponent: false });
}

const simpleLayout = createLayoutRoute('simple', SimpleLayout);
const unauthenticatedLayout = createLayoutRoute('unauthenticated', UnauthenticatedLayout);
// The signed-in layouts (app bar, drawer, menus) load only when a signed-in page is shown.
const mainLayout = createLayoutRoute(
  'main',
  lazyRouteComponent(() => import('./components/layouts/main-layout.tsx'), 'MainLayout'),
);
const adminLayout = createLayoutRoute(
  'admin',
  lazyRouteComponent(() => import('./components/layouts/admin-layout.tsx'), 'AdminLayout'),
);

/** The route type of each entry on its own (a union of them), so each keeps its own path. */
type PageRoute<TLayout extends AnyRoute, TEntry extends RouteTableEntry> = TEntry extends RouteTableEntry
  ? ReturnType<typeof createPageRoute<TLayout, TEntry['path'], SearchValidatorOf<TEntry['page']>>>
  : never;

/** The routes of the route table's pages in one layout. */
function pagesIn<TLayout extends AnyRoute, const TName extends Layout>(layout: TLayout, name: TName) {
  const routes = routeTable
    .filter((spec) => spec.layout === name)
    .map((spec) => createPageRoute(layout, spec, searchValidator(spec.page)));
  // `filter` and `map` forget which entry made which route; the cast restores what they made.
  return routes as unknown as PageRoute<TLayout, Extract<RouteTableEntry, { layout: TName }>>[];
}

const routeTree = rootRoute.addChildren([
  simpleLayout.addChildren(pagesIn(simpleLayout, 'simple')),
  unauthenticatedLayout.addChildren(pagesIn(unauthenticatedLayout, 'unauthenticated')),
  mainLayout.addChildren(pagesIn(mainLayout, 'main')),
  adminLayout.addChildren(pagesIn(adminLayout, 'admin')),
]);

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: false,
    scrollRestoration: true,
    defaultNotFoundComponent: NotFoundPage,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Starts loading the lazy chunks (layout and page) of the routes `pathname` matches, without waiting.
 * A failure is left to the navigation, which loads them again and shows its error page.
 */
export function preloadPageChunks(router: AppRouter, pathname: string): void {
  const [matched] = router.getMatchedRoutes(pathname);
  for (const route of matched) router.loadRouteChunk(route)?.catch(() => undefined);
}

// Links, navigations and redirects everywhere are checked against this router's routes.
declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
