import { describe, expect, it } from 'vitest';
import { authPolicies } from '@signet/contracts/common';
import { useTestApp, type TestUser } from '../../test/factories.ts';
import type { RouteEntry } from '../app.ts';

/** Routes whose declared policy is missing or not one of the known policies. */
export function routesWithoutPolicy(routes: RouteEntry[]): string[] {
  return routes
    .filter((route) => !route.auth || !(authPolicies as readonly string[]).includes(route.auth))
    .map((route) => `${route.method} ${route.url}`);
}

describe('route table', () => {
  const t = useTestApp('pglite');

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

  it('resolves no caller for a callerless public route (the sandbox routes), and does for other public routes', async () => {
    const user = await t.user({ email: 'callerless@example.ch' });
    const { buildApp } = await import('../app.ts');
    const app = await buildApp(t.config, { database: t.database, clock: t.clock });
    const whoAmI = async (request: { caller: { kind: string } | null }) => ({
      caller: request.caller?.kind ?? null,
    });
    app.get('/api/open', { config: { auth: 'public' } }, whoAmI);
    app.get('/api/own-credentials', { config: { auth: 'public', callerless: true } }, whoAmI);
    const ask = async (url: string) =>
      (await app.inject({ method: 'GET', url, headers: user.headers })).json();
    expect(await ask('/api/open')).toEqual({ caller: 'user' });
    expect(await ask('/api/own-credentials')).toEqual({ caller: null });
    await app.close();
  });

  it('admits business routes by role: members and admins of that business only', async () => {
    const admin = await t.user({ email: 'walk-admin@example.ch' });
    const member = await t.user({ email: 'walk-member@example.ch' });
    const loner = await t.user({ email: 'walk-loner@example.ch' });
    const created = await t.business(admin, { name: 'Walk AG', email: 'walk@example.ch' });
    const businessId = created.id;
    await t.member(created, member);
    // HEAD twins of GET routes answer without a body; their GET is walked.
    // Leaving admits the member and so ends their membership: it is walked last.
    const business = t.app.routeTable
      .filter((r) => r.method !== 'HEAD' && (r.auth === 'member' || r.auth === 'admin'))
      .sort((a, b) => Number(a.url.endsWith('/leave')) - Number(b.url.endsWith('/leave')));
    expect(business.length).toBeGreaterThan(10);
    const refusals = ['UNAUTHENTICATED', 'BUSINESS_MEMBERS_ONLY', 'BUSINESS_ADMINS_ONLY'];
    const seen: string[] = [];
    for (const route of business) {
      const url = route.url
        .replace(':businessId', businessId)
        .replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
      const as = async (user: TestUser | null) => {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: user?.headers ?? {},
        });
        // A call that needs nothing more (leaving) is carried out: 204, no body.
        const code = response.body ? response.json<{ code?: string }>().code : undefined;
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
