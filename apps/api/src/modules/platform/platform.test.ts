import { describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, json } from '../../../test/helpers.ts';
import { useTestApp } from '../../../test/factories.ts';
import { buildApp } from '../../app.ts';

describe.each(databaseKinds)('platform on %s', (kind) => {
  const t = useTestApp(kind);

  it('reports health with a database round trip and a request id', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abcdef123456' },
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ status: 'ok' });
    expect(response.headers['x-request-id']).toBe('abcdef123456');
  });

  it('serves a Statuspage-style summary that reflects maintenance windows', async () => {
    const summary = () =>
      t.app.inject({ method: 'GET', url: '/api/status/summary.json' }).then((r) =>
        json<{
          status: { indicator: string };
          scheduled_maintenances: Array<{ impact: string; status: string }>;
        }>(r),
      );
    expect((await summary()).scheduled_maintenances).toEqual([]);
    await t.app.inject({
      method: 'POST',
      url: '/api/test/maintenance',
      payload: { active: true, blocking: false },
    });
    expect((await summary()).scheduled_maintenances).toMatchObject([
      { impact: 'maintenance', status: 'in_progress' },
    ]);
    await t.app.inject({
      method: 'POST',
      url: '/api/test/maintenance',
      payload: { active: true, blocking: true },
    });
    const blocking = await summary();
    expect(blocking.scheduled_maintenances).toHaveLength(1);
    expect(blocking.scheduled_maintenances[0]?.impact).toBe('critical');
    expect(blocking.status.indicator).toBe('critical');
    await t.app.inject({ method: 'POST', url: '/api/test/maintenance', payload: { active: false } });
    expect((await summary()).scheduled_maintenances).toEqual([]);
  });

  it('shows the mail outbox as a page with the links of each mail', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/request-confirmation',
      payload: { email: 'outbox@example.ch' },
    });
    await t.app.jobs.drain();
    const page = await t.app.inject({ method: 'GET', url: '/sandbox/mail' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toMatch(/<a href="http:\/\/signet\.test\/signup\/confirm\?token=[\w-]+">/);
    const list = json<Array<{ to: string }>>(
      await t.app.inject({ method: 'GET', url: '/sandbox/mail.json?to=outbox@example.ch' }),
    );
    expect(list.map((m) => m.to)).toEqual(['outbox@example.ch']);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v9/nothing?secret=1' });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'No route GET /api/v9/nothing',
    });
  });

  it('publishes OpenAPI 3.1 for the routes, and a docs page', async () => {
    const spec = json<{ openapi: string; paths: Record<string, unknown> }>(
      await t.app.inject({ method: 'GET', url: '/api/openapi.json' }),
    );
    expect(spec.openapi).toBe('3.1.0');
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/v1/login',
        '/v1/register',
        '/v1/user',
        '/v3/user/signature-qualities-detail',
      ]),
    );
    // Only the API: the sandbox's providers would read as /api/sandbox/… addresses that do not exist.
    expect(Object.keys(spec.paths).filter((path) => path.startsWith('/sandbox'))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
  });

  it('never lets an unexpected error leak details', async () => {
    const app = await buildApp(t.config, { database: t.database, clock: t.clock });
    app.get('/api/explode', { config: { auth: 'public' } }, async () => {
      throw new Error('database password is hunter2');
    });
    const response = await app.inject({ method: 'GET', url: '/api/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(response.body).not.toContain('hunter2');
    await app.close();
  });
});

describe('the built web app', () => {
  it('is served under /, with index.html for every page path and JSON 404s under /api', async () => {
    const { mkdtempSync, writeFileSync, mkdirSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dist = mkdtempSync(join(tmpdir(), 'signet-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Signet</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    const t = await createTestApp('pglite', { env: { WEB_DIST: dist } });
    try {
      for (const path of ['/', '/login', '/view/123/456', '/no/such/page']) {
        const page = await t.app.inject({ method: 'GET', url: path });
        expect(page.statusCode, path).toBe(200);
        expect(page.body).toContain('<div id="root">');
      }
      const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/nothing' })).json()).toMatchObject({
        code: 'NOT_FOUND',
      });
      expect((await t.app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
