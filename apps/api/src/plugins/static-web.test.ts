import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  // The build's precompressed copy (apps/web/precompress.ts).
  const script = `${'console.log("Signet");\n'.repeat(100)}`;
  writeFileSync(join(webDist, 'assets/big.js'), script);
  writeFileSync(join(webDist, 'assets/big.js.br'), brotliCompressSync(script));
  const apps = new Map<'on' | 'off', TestApp>();
  // Both apps are built before the tests, under the hook's longer timeout: a loaded CI machine took
  // over a minute to build one.
  beforeAll(async () => {
    for (const sandbox of ['on', 'off'] as const)
      apps.set(
        sandbox,
        await createTestApp('pglite', {
          env: {
            WEB_DIST: webDist,
            SANDBOX: sandbox,
            ...(sandbox === 'off' ? { IMAGES_PATH: '/pictures' } : {}),
          },
        }),
      );
  });
  afterAll(async () => {
    await Promise.all([...apps.values()].map((t) => t.close()));
    rmSync(webDist, { recursive: true, force: true });
  });
  const page = (sandbox: 'on' | 'off', url: string) => apps.get(sandbox)!.app.inject({ method: 'GET', url });

  it('tells the app it runs on a test system when the sandbox is on, before the app script', async () => {
    const response = await page('on', '/view/abc?lang=de-ch');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const configAt = response.body.indexOf(
      '<script type="application/json" id="signet-config">{"mode":"sandbox","imagesPath":"/.netlify/images"}</script>',
    );
    expect(configAt).toBeGreaterThan(0);
    expect(configAt).toBeLessThan(response.body.indexOf('/assets/app.js'));
  });

  it('says production without the sandbox, and where its image endpoint is; serves assets as immutable files', async () => {
    expect((await page('off', '/dashboard')).body).toContain(
      'id="signet-config">{"mode":"production","imagesPath":"/pictures"}<',
    );
    // The configured path serves the endpoint (its source is missing here: 404, not the entry page).
    expect((await page('off', '/pictures?url=/img/none.svg')).json()).toMatchObject({ code: 'NOT_FOUND' });
    const asset = await page('off', '/assets/app.js');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('serves a precompressed asset to a client that accepts it, and the original to others', async () => {
    const app = apps.get('off')!.app;
    const br = await app.inject({
      method: 'GET',
      url: '/assets/big.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ method: 'GET', url: '/assets/big.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    // No compressed copy: the original, whatever the client accepts.
    const small = await app.inject({
      method: 'GET',
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(1)');
  });

  it('has no executable inline script, and a style nonce for this response that the CSP admits', async () => {
    const first = await page('on', '/dashboard');
    const second = await page('on', '/index.html');
    const nonces = [first, second].map((response) => {
      const scripts = [...response.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
      for (const [, attributes, content] of scripts)
        expect(attributes).toMatch(content === '' ? /src=/ : /type="application\/json"/);
      const nonce = /<meta property="csp-nonce" nonce="([0-9a-f]{32})" \/>/.exec(response.body)?.[1];
      const csp = response.headers['content-security-policy'] as string;
      expect(csp).toMatch(new RegExp(`style-src 'self' 'nonce-${nonce}'`));
      expect(csp).not.toContain('unsafe-inline');
      return nonce;
    });
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('escapes the config so that no value can close the data block', () => {
    const html = withRuntimeConfig('<head></head>', {
      mode: '</script><b>' as 'production',
      imagesPath: '/.netlify/images',
    })('n');
    expect(html).not.toContain('</script><b>');
    expect(html).toContain('\\u003c/script>');
  });
});
