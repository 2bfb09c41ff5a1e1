import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '@signet/contracts/endpoint';
import { documentEndpoints } from '@signet/contracts/endpoints/documents';
import { useTestApp } from '../../test/factories.ts';
import { AppError } from '../errors.ts';
import { registerEndpoints } from './endpoints.ts';

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
    expect(remove.security).toEqual([{ bearer: [] }]);
    expect(remove.responses['409']!.description).toBe('DOCUMENT_IN_USE');
    expect(remove.responses['401']!.description).toContain('UNAUTHENTICATED');
    expect(JSON.stringify(remove.responses['409'])).toContain('"enum":["DOCUMENT_IN_USE"]');
    // The visitor twin of a call is its own operation, with the visitor link's credentials.
    const visitorPage = document.paths['/v3/direct/documents/{id}/pages/{n}']!.get!;
    expect(visitorPage.security).toEqual([{ visitorLink: [] }]);
    expect(visitorPage.responses['404']!.description).toContain('PAGE_NOT_FOUND');
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
