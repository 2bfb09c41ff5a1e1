// Image endpoint benchmark (issue 18): a 400-px WebP variant of the 404 drawing through the whole
// API (GET /.netlify/images by inject: routing, validation, source hash, sharp, disk cache), cold
// and cached, against sharp doing the same render and resize directly in the same run.
// Run: node --import tsx bench/images.ts — replaces the "## Image endpoint" section of bench/RESULTS.md.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createTestApp } from '../apps/api/test/helpers';
import { machineLines, median, time, writeResultsSection } from './results-section';

const publicDir = fileURLToPath(new URL('../apps/web/public/', import.meta.url));
const svg = readFileSync(`${publicDir}img/error-404.svg`);
const runs = 20;
// Each cold call asks another quality, so it misses the cache; sharp direct encodes the same ones.
const qualities = Array.from({ length: runs }, (_, i) => 60 + i);
const url = (q: number) => `/.netlify/images?url=/img/error-404.svg&w=400&fm=webp&q=${q}`;

const t = await createTestApp('pglite', { env: { WEB_DIST: publicDir } });
try {
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'GET', url: path, headers });
    if (response.statusCode !== 200 && response.statusCode !== 304)
      throw new Error(`${path}: ${response.statusCode} ${response.body}`);
    return response;
  };
  // Warm-up: libvips, librsvg and the route's first compilation are paid once.
  await get(url(99));
  await sharp(svg, { density: 72 * (400 / 407) })
    .resize({ width: 400 })
    .webp({ quality: 99 })
    .toBuffer();

  const direct: number[] = [];
  const cold: number[] = [];
  for (const q of qualities) {
    direct.push(
      await time(() =>
        sharp(svg, { density: 72 * (400 / 407) })
          .resize({ width: 400 })
          .webp({ quality: q })
          .toBuffer(),
      ),
    );
    cold.push(
      await time(async () => {
        const response = await get(url(q));
        if (response.headers['x-image-cache'] !== 'miss') throw new Error('expected a cache miss');
      }),
    );
  }
  const cached: number[] = [];
  const revalidated: number[] = [];
  const etag = String((await get(url(60))).headers.etag);
  for (const q of qualities) {
    cached.push(
      await time(async () => {
        const response = await get(url(q));
        if (response.headers['x-image-cache'] !== 'hit') throw new Error('expected a cache hit');
      }),
    );
    revalidated.push(await time(() => get(url(60), { 'if-none-match': etag })));
  }

  const baseline = median(direct);
  const row = (name: string, samples: number[]) =>
    `| ${name} | ${median(samples).toFixed(1)} | ${(median(samples) / baseline).toFixed(2)}× |`;
  const section = [
    '## Image endpoint',
    '',
    ...machineLines(),
    `The 404 drawing (SVG, 407 × 436) as a 400-px WebP, median of ${runs} calls after one warm-up. Baseline: sharp`,
    'rendering and resizing the same SVG at the same qualities in the same process, without HTTP. The endpoint is',
    'called through `app.inject` (routing, validation, source read and hash, cache). Cold calls each ask another',
    'quality (60–79), so each misses the cache and encodes; cached calls repeat them (answered from the disk cache,',
    '`x-image-cache: hit`); 304 is a revalidation with the ETag. `bench/images.ts` reproduces it.',
    '',
    '| call | median ms | × sharp direct |',
    '| ---- | --------: | -------------: |',
    row('sharp direct (baseline)', direct),
    row('endpoint, cold (encodes)', cold),
    row('endpoint, cached', cached),
    row('endpoint, 304 revalidation', revalidated),
    '',
  ].join('\n');
  console.log(await writeResultsSection('## Image endpoint', section));
} finally {
  await t.close();
}
