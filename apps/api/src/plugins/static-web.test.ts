import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { withRuntimeConfig } from './static-web.ts';

describe('the web app entry page', () => {
  const webDist = mkdtempSync(join(tmpdir(), 'signet-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Signet</title></head><body><script type="module" src="/assets/app.js"></script></body></html>',
  );
  writeFileSync(join(webDist, 'assets/app.js'), 'console.log(1)');
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
    rmSync(webDist, { recursive: true, force: true });
  });
  const page = async (sandbox: 'on' | 'off', url: string) => {
    const t = await createTestApp('pglite', { env: { WEB_DIST: webDist, SANDBOX: sandbox } });
    apps.push(t);
    return t.app.inject({ method: 'GET', url });
  };

  it('tells the app it runs on a test system when the sandbox is on, before the app script', async () => {
    const response = await page('on', '/view/abc?lang=de-ch');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const configAt = response.body.indexOf('window.__SIGNET_CONFIG__ = Object.assign({"mode":"sandbox"}');
    expect(configAt).toBeGreaterThan(0);
    expect(configAt).toBeLessThan(response.body.indexOf('/assets/app.js'));
  });

  it('says production without the sandbox, and serves assets as immutable files', async () => {
    expect((await page('off', '/dashboard')).body).toContain('Object.assign({"mode":"production"}');
    const asset = await page('off', '/assets/app.js');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('escapes the config so that no value can close the script element', () => {
    const html = withRuntimeConfig('<head></head>', { mode: '</script><b>' as 'production' });
    expect(html).not.toContain('</script><b>');
    expect(html).toContain('\\u003c/script>');
  });
});
