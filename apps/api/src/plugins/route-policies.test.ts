import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authPolicies } from '@signet/contracts/common';
import { bearer, createTestApp, inviteAndAccept, json, signUp, type TestApp } from '../../test/helpers.ts';
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
      { method: 'GET', url: '/api/v1/forgotten', auth: undefined, fromContract: false },
      { method: 'GET', url: '/x', auth: 'everyone', fromContract: false },
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

  it('admits business routes by role: members and admins of that business only', async () => {
    const admin = (await signUp(t, { email: 'walk-admin@example.ch' })).token;
    const member = (await signUp(t, { email: 'walk-member@example.ch' })).token;
    const loner = (await signUp(t, { email: 'walk-loner@example.ch' })).token;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v2/businesses',
      headers: bearer(admin),
      payload: { name: 'Walk AG', email: 'walk@example.ch', gtc: true },
    });
    const businessId = json<{ id: string }>(created).id;
    await inviteAndAccept(t, admin, businessId, { email: 'walk-member@example.ch', token: member });
    // HEAD twins of GET routes answer without a body; their GET is walked.
    const business = t.app.routeTable.filter(
      (r) => r.method !== 'HEAD' && (r.auth === 'member' || r.auth === 'admin'),
    );
    expect(business.length).toBeGreaterThan(10);
    const refusals = ['UNAUTHENTICATED', 'BUSINESS_MEMBERS_ONLY', 'BUSINESS_ADMINS_ONLY'];
    const seen: string[] = [];
    for (const route of business) {
      const url = route.url
        .replace(':businessId', businessId)
        .replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
      const as = async (token: string | null) => {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: token ? bearer(token) : {},
        });
        const code = response.json<{ code?: string }>().code;
        return code && refusals.includes(code) ? code : 'admitted';
      };
      seen.push(
        `${route.method} ${route.url}: ${[await as(null), await as(loner), await as(member)].join(', ')}`,
      );
    }
    // Auth runs before validation: the body and the other parameters do not matter here.
    expect(seen).toEqual(
      business.map(
        (route) =>
          `${route.method} ${route.url}: UNAUTHENTICATED, BUSINESS_MEMBERS_ONLY, ${
            route.auth === 'admin' ? 'BUSINESS_ADMINS_ONLY' : 'admitted'
          }`,
      ),
    );
  });
});
