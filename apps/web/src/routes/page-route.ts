import type { QueryClient } from '@tanstack/react-query';
import {
  createRoute,
  redirect,
  type AnyRoute,
  type AnyValidator,
  type ParsedLocation,
  type ParamsOptions,
  type ResolveParams,
} from '@tanstack/react-router';
import { dialogStore, openDialog } from '../components/dialog-store.ts';
import { showSnackbar } from '../components/snackbar-store.ts';
import { normaliseLoginSearch } from '../features/account/login-search.ts';
import {
  isNormalDashboardSearch,
  normaliseDashboardSearch,
  readRememberedDashboard,
  rememberDashboard,
} from '../features/dashboard/dashboard-search.ts';
import { gateDialogAction } from './gate-dialogs.ts';
import { loadGuardState, ServerUnavailableError } from './guard-state.ts';
import { decide } from './guards.ts';
import { pageComponent } from './pages.ts';
import type { RouteSpec } from './route-table.ts';
import { parsePathParams } from './search-schemas.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    spec?: RouteSpec;
  }
}

/** Path parameters keep the names in the path; parsePathParams only checks their values. */
type PathParamsOptions<TPath extends string> = ParamsOptions<TPath, ResolveParams<TPath>>['params'];

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
  if (decision.redirect) throw redirect({ ...decision.redirect, replace: true });
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

/**
 * The route of one page of the route table under its layout: its path, search validation, path
 * parameter check, guards and lazily loaded component. Its type keeps the entry's path, so links
 * to it are checked.
 */
export function createPageRoute<
  TLayout extends AnyRoute,
  TPath extends string,
  TSearch extends AnyValidator | undefined,
>(layout: TLayout, spec: RouteSpec & { path: TPath }, validateSearch: TSearch) {
  // The path as a type parameter of its own: the route's type (and so every link to it) takes it from here.
  const path: TPath = spec.path;
  return createRoute({
    getParentRoute: () => layout,
    path,
    staticData: { spec },
    validateSearch,
    params: (spec.path.includes('$') ? { parse: parsePathParams } : undefined) as PathParamsOptions<TPath>,
    beforeLoad: (args) => guardRoute(spec, args as unknown as BeforeLoadArgs),
    component: pageComponent(spec.page),
    // Errors bubble to the root, whose error page replaces the whole shell (no nested layouts).
    errorComponent: false,
  });
}
