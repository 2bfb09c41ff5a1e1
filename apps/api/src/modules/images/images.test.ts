import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { useTestApp } from '../../../test/factories.ts';
import { databaseKinds } from '../../../test/helpers.ts';
import { pngBomb } from '../../../test/images.ts';
import { VariantCache } from './variant-cache.ts';

// The site's own pictures, as the built web app holds them, plus hostile files no build would ship.
const webDist = mkdtempSync(join(tmpdir(), 'signet-images-'));
afterAll(() => rmSync(webDist, { recursive: true, force: true }));
mkdirSync(join(webDist, 'img'));
cpSync(
  join(import.meta.dirname, '../../../../web/public/img/error-404.svg'),
  join(webDist, 'img/error-404.svg'),
);
writeFileSync(join(webDist, 'img/bomb.png'), pngBomb());
writeFileSync(
  join(webDist, 'img/huge.svg'),
  '<svg xmlns="http://www.w3.org/2000/svg" width="200000" height="200000"><rect width="10" height="10"/></svg>',
);
writeFileSync(join(webDist, 'img/broken.png'), Buffer.from('not a picture'));
writeFileSync(join(webDist, 'not-img.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
const stripes = await sharp({ create: { width: 400, height: 100, channels: 3, background: '#1b3a6b' } })
  .composite([
    { input: { create: { width: 100, height: 100, channels: 3, background: '#ffffff' } }, left: 300, top: 0 },
  ])
  .png()
  .toBuffer();
writeFileSync(join(webDist, 'img/stripes.png'), stripes);

const site = (query: string) => `/.netlify/images?${query}`;

describe.each(databaseKinds)('image endpoint (%s)', (kind) => {
  const t = useTestApp(kind, { env: { WEB_DIST: webDist } });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('draws the SVG at the width asked, in each format, immutable with an ETag', async () => {
    for (const [fm, type] of [
      ['webp', 'image/webp'],
      ['avif', 'image/avif'],
      ['png', 'image/png'],
      ['jpeg', 'image/jpeg'],
    ] as const) {
      const response = await get(site(`url=/img/error-404.svg&w=814&fm=${fm}`));
      expect(response.statusCode, fm).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.etag).toMatch(/^"[0-9a-f]{32}-814xauto-cover-center-q75\.\w+"$/);
      const meta = await sharp(response.rawPayload).metadata();
      expect([meta.format === 'heif' ? 'avif' : meta.format, meta.width, meta.height]).toEqual([
        fm,
        814,
        872,
      ]);
    }
  });

  it('answers WebP by default, at the source size without w or h, and under /api too', async () => {
    const response = await get(site('url=/img/error-404.svg'));
    expect(response.headers['content-type']).toBe('image/webp');
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([407, 436]);
    const api = await get('/api/v1/images?url=/img/error-404.svg');
    expect(api.statusCode).toBe(200);
    expect(api.headers.etag).toBe(response.headers.etag);
  });

  it('fits the box as fit asks, cutting where position says', async () => {
    const size = async (query: string) => {
      const response = await get(site(`url=/img/stripes.png&fm=png&${query}`));
      expect(response.statusCode, query).toBe(200);
      const { data, info } = await sharp(response.rawPayload).raw().toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, corner: data[0] };
    };
    // 400 × 100 into 100 × 100.
    expect(await size('w=100&h=100&fit=cover')).toMatchObject({ width: 100, height: 100 });
    expect(await size('w=100&h=100&fit=inside')).toMatchObject({ width: 100, height: 25 });
    expect(await size('w=100&h=100&fit=outside')).toMatchObject({ width: 400, height: 100 });
    expect(await size('w=100&h=100&fit=fill')).toMatchObject({ width: 100, height: 100 });
    expect(await size('w=100&h=100&fit=contain')).toMatchObject({ width: 100, height: 100 });
    expect(await size('h=50')).toMatchObject({ width: 200, height: 50 });
    // The white square is at the right end: cover keeps it only when told to look right.
    expect((await size('w=100&h=100&position=right')).corner).toBe(255);
    expect((await size('w=100&h=100&position=left')).corner).toBe(0x1b);
  });

  it('encodes at the quality asked (a lower q, fewer bytes)', async () => {
    const high = await get(site('url=/img/error-404.svg&w=400&fm=jpeg&q=95'));
    const low = await get(site('url=/img/error-404.svg&w=400&fm=jpeg&q=20'));
    expect(low.rawPayload.length).toBeLessThan(high.rawPayload.length);
  });

  it('answers a repeated variant from its cache without encoding, and 304 to its ETag', async () => {
    const query = site('url=/img/error-404.svg&w=123&fm=webp&q=61');
    const first = await get(query);
    const second = await get(query);
    expect(first.headers['x-image-cache']).toBe('miss');
    expect(second.headers['x-image-cache']).toBe('hit');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const revalidated = await get(query, { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });

  it.each([
    ['url=https://example.com/a.png', 'url', 'remote addresses are not fetched'],
    ['url=//example.com/img/a.png', 'url', 'remote addresses are not fetched'],
    ['url=/img/../../etc/passwd.png', 'url', 'below /img/'],
    ['url=/img/error-404.gif', 'url', 'below /img/'],
    ['w=100', 'url', ''],
    ['url=/img/error-404.svg&w=0', 'w', ''],
    ['url=/img/error-404.svg&w=4001', 'w', ''],
    ['url=/img/error-404.svg&h=abc', 'h', ''],
    ['url=/img/error-404.svg&w=2500&h=2500', 'w', '4000000 pixels'],
    ['url=/img/error-404.svg&fm=gif', 'fm', ''],
    ['url=/img/error-404.svg&q=101', 'q', ''],
    ['url=/img/error-404.svg&fit=stretch', 'fit', ''],
    ['url=/img/error-404.svg&position=middle', 'position', ''],
    ['url=/img/error-404.svg&blur=3', '', 'blur'],
  ])('refuses %s with 400 naming %s', async (query, field, reason) => {
    const response = await get(site(query));
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; field?: string; message: string }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    if (field) expect(body.field).toBe(`querystring.${field}`);
    expect(body.message).toContain(reason);
  });

  it('refuses an answer over the pixel limit that only the source ratio reveals', async () => {
    // 400 × 100 at h=4000 would be 16000 × 4000.
    const response = await get(site('url=/img/stripes.png&h=4000'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'IMAGE_TOO_MANY_PIXELS', field: 'querystring.h' });
  });

  it('answers 404 for a picture that is not there or not below /img/', async () => {
    for (const url of ['/img/missing.svg', '/not-img.svg']) {
      const response = await get(site(`url=${url}`));
      expect(response.statusCode, url).toBe(url.startsWith('/img/') ? 404 : 400);
    }
  });

  it('refuses decompression bombs from their header, with memory bounded', async () => {
    const before = process.memoryUsage().rss;
    const bomb = await get(site('url=/img/bomb.png&w=100'));
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json()).toMatchObject({ code: 'IMAGE_TOO_MANY_PIXELS', field: 'querystring.url' });
    const huge = await get(site('url=/img/huge.svg'));
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ code: 'IMAGE_TOO_MANY_PIXELS' });
    // Decoded, the bomb would be 3.6 GB of RGBA; refused from its header it costs next to nothing.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
    const broken = await get(site('url=/img/broken.png'));
    expect(broken.statusCode).toBe(415);
    expect(broken.json()).toMatchObject({ code: 'IMAGE_NOT_SUPPORTED', field: 'querystring.url' });
  });
});

describe('variant cache', () => {
  it('keeps at most its byte budget, dropping the least recently used first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'signet-variants-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const cache = new VariantCache(dir, 250);
    await cache.put('a', Buffer.alloc(100));
    await cache.put('b', Buffer.alloc(100));
    expect(await cache.get('a')).not.toBeNull();
    await cache.put('c', Buffer.alloc(100));
    expect(cache.size).toBe(200);
    expect(await cache.get('b')).toBeNull();
    expect(await cache.get('a')).not.toBeNull();
    // Another process (or the next start) finds what is on disk.
    const reopened = new VariantCache(dir, 250);
    expect((await reopened.get('c'))?.length).toBe(100);
  });
});
