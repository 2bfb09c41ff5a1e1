import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type AnyRoute,
  type ParsedLocation,
} from '@tanstack/react-router';
import { AppErrorPage } from './components/app-error-page.tsx';
import { SimpleLayout } from './components/layouts/simple-layout.tsx';
import { UnauthenticatedLayout } from './components/layouts/unauthenticated-layout.tsx';
import { NotFoundPage } from './components/not-found-page.tsx';
import { RootShell } from './routes/root-shell.tsx';
import { dialogStore, openDialog } from './components/dialog-store.ts';
import { showSnackbar } from './components/snackbar-store.ts';
import {
  isNormalDashboardSearch,
  normaliseDashboardSearch,
  readRememberedDashboard,
  rememberDashboard,
} from './features/dashboard/dashboard-search.ts';
import { normaliseLoginSearch } from './features/account/login-search.ts';
import { gateDialogAction } from './routes/gate-dialogs.ts';
import { decide } from './routes/guards.ts';
import { loadGuardState, ServerUnavailableError } from './routes/guard-state.ts';
import { pageComponent } from './routes/pages.ts';
import { routeTable, type RouteSpec } from './routes/route-table.ts';
import { parsePathParams, searchSchemas } from './routes/search-schemas.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    spec?: RouteSpec;
  }
}

interface BeforeLoadArgs {
  context: RouterContext;
  location: ParsedLocation;
  preload: boolean;
}

/** Runs the spec §2 guards and §4 business gates for one route. */
async function guardRoute(spec: RouteSpec, { context, location, preload }: BeforeLoadArgs): Promise<void> {
  let state;
  try {
    state = await loadGuardState(context.queryClient);
  } catch (error) {
    if (error instanceof ServerUnavailableError) throw redirect({ to: '/sorry' });
    throw error;
  }
  const decision = decide({ spec, pathname: location.pathname, href: location.href, ...state });
  if (decision.snackbar && !preload) showSnackbar({ message: decision.snackbar, color: 'warning' });
  if (decision.redirect)
    throw redirect({ to: decision.redirect.to, search: decision.redirect.search, replace: true });
  if (decision.dialog && !preload) {
    const open = dialogStore.get().dialog;
    if (open?.name !== decision.dialog.name) {
      openDialog({
        ...decision.dialog,
        onAction: gateDialogAction(decision.dialog.name, context.queryClient),
      });
    }
  }
  if (spec.redirectTo)
    throw redirect({ to: spec.redirectTo.to, search: spec.redirectTo.search, replace: true });
  pageNormalisers[spec.page]?.(location);
}

/** Query normalisation some pages need after the guards (spec §2, §5); each redirects with replace. */
const pageNormalisers: Record<string, (location: ParsedLocation) => void> = {
  dashboard(location) {
    const search = location.search as Record<string, unknown>;
    const normal = normaliseDashboardSearch(search, readRememberedDashboard());
    rememberDashboard(normal);
    if (!isNormalDashboardSearch(search, normal))
      throw redirect({ to: '/dashboard', search: { ...normal }, replace: true });
  },
  login(location) {
    const search = location.search as Record<string, unknown>;
    const normal = normaliseLoginSearch(search);
    if (search.email !== undefined && search.email !== normal.email) {
      throw redirect({ to: '/login', search: { ...normal }, replace: true });
    }
  },
};

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootShell,
  notFoundComponent: NotFoundPage,
  errorComponent: AppErrorPage,
});

// The signed-in layouts (app bar, drawer, menus) load only when a signed-in page is shown.
const layoutComponents = {
  simple: SimpleLayout,
  unauthenticated: UnauthenticatedLayout,
  main: lazyRouteComponent(() => import('./components/layouts/main-layout.tsx'), 'MainLayout'),
  admin: lazyRouteComponent(() => import('./components/layouts/admin-layout.tsx'), 'AdminLayout'),
} as const;

const layoutRoutes = Object.fromEntries(
  Object.entries(layoutComponents).map(([id, component]) => [
    id,
    createRoute({ getParentRoute: () => rootRoute, id, component, errorComponent: false }),
  ]),
) as unknown as Record<RouteSpec['layout'], AnyRoute>;

function pageRoute(spec: RouteSpec): AnyRoute {
  const schema = searchSchemas[spec.page];
  return createRoute({
    getParentRoute: () => layoutRoutes[spec.layout],
    path: spec.path,
    staticData: { spec },
    validateSearch: schema ? (search: Record<string, unknown>) => schema.parse(search) : undefined,
    params: spec.path.includes('$') ? { parse: parsePathParams } : undefined,
    beforeLoad: (args) => guardRoute(spec, args as unknown as BeforeLoadArgs),
    component: pageComponent(spec.page),
    // Errors bubble to the root, whose error page replaces the whole shell (no nested layouts).
    errorComponent: false,
  }) as unknown as AnyRoute;
}

export function buildRouteTree() {
  const byLayout = new Map<RouteSpec['layout'], AnyRoute[]>();
  for (const spec of routeTable)
    byLayout.set(spec.layout, [...(byLayout.get(spec.layout) ?? []), pageRoute(spec)]);
  return rootRoute.addChildren(
    Object.entries(layoutRoutes).map(([id, layout]) =>
      layout.addChildren(byLayout.get(id as RouteSpec['layout']) ?? []),
    ),
  );
}

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree: buildRouteTree(),
    context: { queryClient },
    defaultPreload: false,
    scrollRestoration: true,
    defaultNotFoundComponent: NotFoundPage,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
