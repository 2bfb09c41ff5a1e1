import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authPolicies } from '@signet/contracts/common';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import type { RouteEntry } from '../app.ts';

/** Routes whose declared policy is missing or not one of the known policies. */
export function routesWithoutPolicy(routes: RouteEntry[]): string[] {
  return routes
    .filter((route) => !route.auth || !(authPolicies as readonly string[]).includes(route.auth))
    .map((route) => `${route.method} ${route.url}`);
}

describe('route table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('has an auth policy on every route', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(20);
    expect(routesWithoutPolicy(t.app.routeTable)).toEqual([]);
  });

  it('would catch a route without a policy', () => {
    const table: RouteEntry[] = [
      ...t.app.routeTable,
      { method: 'GET', url: '/api/v1/forgotten', auth: undefined },
      { method: 'GET', url: '/x', auth: 'everyone' },
    ];
    expect(routesWithoutPolicy(table)).toEqual(['GET /api/v1/forgotten', 'GET /x']);
  });

  it('refuses at run time a route that declares no policy', async () => {
    const { buildApp } = await import('../app.ts');
    const app = await buildApp(t.config, { database: t.database, clock: t.clock });
    app.get('/api/undeclared', async () => ({ secret: true }));
    const response = await app.inject({ method: 'GET', url: '/api/undeclared' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    await app.close();
  });
});
