// Rendering for the web's component tests that need the router (links, search parameters) and
// TanStack Query: each test gets its own memory history and query client.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';

/** Renders the pages of `routes` (path → page), opened at `at`; the router tells where it went. */
export function renderRoutes(routes: Record<string, () => ReactNode>, at: string) {
  const rootRoute = createRootRoute();
  const router = createRouter({
    routeTree: rootRoute.addChildren(
      Object.entries(routes).map(([path, component]) =>
        createRoute({ getParentRoute: () => rootRoute, path, component }),
      ),
    ),
    history: createMemoryHistory({ initialEntries: [at] }),
  });
  // No retries: a test's failed answer is shown at once.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
