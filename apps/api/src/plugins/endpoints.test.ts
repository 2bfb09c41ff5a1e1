import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, type Endpoint } from '@signet/contracts/endpoint';
import { allEndpoints } from '@signet/contracts/endpoints/all';
import { documentEndpoints } from '@signet/contracts/endpoints/documents';
import { useTestApp } from '../../test/factories.ts';
import type { RouteEntry } from '../app.ts';
import { AppError } from '../errors.ts';
import { registerEndpoints } from './endpoints.ts';

/** API routes (below /api/v…) that were not registered from a contract value. */
function routesWithoutContract(table: RouteEntry[]): string[] {
  return table
    .filter((route) => route.method !== 'HEAD' && /^\/api\/v\d+\//.test(route.url) && !route.fromContract)
    .map((route) => `${route.method} ${route.url}`);
}

/** Contract values (and visitor twins) that no route serves with their method and policy. */
function contractsWithoutRoute(endpoints: readonly Endpoint[], table: RouteEntry[]): string[] {
  const served = new Set(table.map((route) => `${route.method} ${route.url} ${route.auth}`));
  return endpoints.flatMap((endpoint) =>
    [
      `${endpoint.method} /api${endpoint.path} ${endpoint.auth}`,
      ...(endpoint.visitorPath ? [`${endpoint.method} /api${endpoint.visitorPath} nas`] : []),
    ].filter((route) => !served.has(route)),
  );
}

interface Operation {
  security?: unknown[];
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}

describe('endpoints from contract values', () => {
  const t = useTestApp('pglite');

  it('describe their security and every error code they can answer in the OpenAPI document', async () => {
    const document = (await t.call('GET', '/openapi.json')).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const remove = document.paths['/v3/documents/{id}']!.delete!;
    // A session's bearer token, or a business API user's Basic credentials or token (the call admits them).
    expect(remove.security).toEqual([{ bearer: [] }, { apiUser: [] }, { apiUserToken: [] }]);
    expect(document.paths['/v1/user']!.get!.security).toEqual([{ bearer: [] }]);
    expect(remove.responses['409']!.description).toBe('DOCUMENT_IN_USE');
    expect(remove.responses['401']!.description).toContain('UNAUTHENTICATED');
    expect(JSON.stringify(remove.responses['409'])).toContain('"enum":["DOCUMENT_IN_USE"]');
    // Every operation: who may call it, and which codes each of its error answers can carry.
    for (const [path, operations] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.security, `${method} ${path}`).toBeDefined();
        const errors = Object.keys(operation.responses).filter((status) => Number(status) >= 400);
        expect(errors, `${method} ${path}`).toContain('500');
        for (const status of errors)
          expect(operation.responses[status]!.description, `${method} ${path} ${status}`).toMatch(
            /^[A-Z0-9_]+(, [A-Z0-9_]+)*$/,
          );
      }
    // The visitor twin of a call is its own operation, with the visitor link's credentials.
    const visitorPage = document.paths['/v3/direct/documents/{id}/pages/{n}']!.get!;
    expect(visitorPage.security).toEqual([{ visitorLink: [] }]);
    expect(visitorPage.responses['404']!.description).toContain('PAGE_NOT_FOUND');
  });

  it('cover every API route, and every contract value has its route', () => {
    expect(allEndpoints.length).toBeGreaterThan(80);
    expect(routesWithoutContract(t.app.routeTable)).toEqual([]);
    expect(contractsWithoutRoute(allEndpoints, t.app.routeTable)).toEqual([]);
  });

  it('would catch a route without a contract value, and a contract value without a route', () => {
    const stray: RouteEntry = { method: 'POST', url: '/api/v1/stray', auth: 'user', fromContract: false };
    expect(routesWithoutContract([...t.app.routeTable, stray])).toEqual(['POST /api/v1/stray']);
    const unserved = defineEndpoint({
      method: 'GET',
      path: '/v1/unserved',
      auth: 'public',
      summary: 'unserved',
      tags: [],
      status: 204,
      errors: [],
    });
    const withTwin = { ...documentEndpoints.downloadDocument, visitorPath: '/v3/direct/elsewhere/:id' };
    expect(contractsWithoutRoute([unserved, withTwin], t.app.routeTable)).toEqual([
      'GET /api/v1/unserved public',
      'GET /api/v3/direct/elsewhere/:id nas',
    ]);
  });

  it('describe a file answer that has a JSON form by its schema and both content types', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    // The signature report: JSON by default, the PDF with ?type=PDF.
    const report = document.paths['/v3/signature-requests/{id}/report']!.get!.responses['200']!;
    expect(Object.keys(report.content ?? {})).toEqual(['application/json', 'application/pdf']);
    expect(JSON.stringify(report.content!['application/json']!.schema)).toContain('chain_valid');
  });

  it('registers a visitor twin with the nas policy and the user path with its own', () => {
    const routes = t.app.routeTable.filter((route) => route.method === 'GET');
    const policyOf = (url: string) => routes.find((route) => route.url === url)?.auth;
    expect(policyOf(`/api${documentEndpoints.documentPage.path}`)).toBe('user');
    expect(policyOf(`/api${documentEndpoints.documentPage.visitorPath}`)).toBe('nas');
  });

  it('turn an error code the contract does not declare into a loud 500 in tests', async () => {
    const { buildApp } = await import('../app.ts');
    const app = await buildApp(t.config, { database: t.database, clock: t.clock });
    const probe = {
      undeclared: defineEndpoint({
        method: 'POST',
        path: '/api/v9/probe',
        auth: 'user',
        summary: 'probe',
        tags: [],
        body: z.strictObject({ code: z.enum(['DOCUMENT_IN_USE', 'LAST_SIGNER']) }),
        status: 204,
        errors: ['DOCUMENT_IN_USE'],
      }),
    };
    registerEndpoints(app, probe, {
      undeclared: (request) => {
        throw new AppError(request.body.code, 'probe');
      },
    });
    const prober = await t.user({ email: 'probe@example.ch' });
    const send = (code: string) =>
      app.inject({ method: 'POST', url: '/api/v9/probe', headers: prober.headers, payload: { code } });
    expect((await send('DOCUMENT_IN_USE')).statusCode).toBe(409);
    const undeclared = await send('LAST_SIGNER');
    expect(undeclared.statusCode).toBe(500);
    expect(undeclared.json<{ message: string }>().message).toContain('LAST_SIGNER');
    await app.close();
  });
});
