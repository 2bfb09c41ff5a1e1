// Initial JavaScript of the web app's /login page, gzipped, from the Vite build's chunk graph.
// Baseline in the same run: all JavaScript of the build gzipped (what one unsplit bundle would ship).
// Run after `npm run build`: node --import tsx bench/web-bundle.ts  (appends to bench/RESULTS.md)
import { appendFileSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

const dist = join(import.meta.dirname, '..', 'apps/web/dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

/** A chunk and everything it imports statically: what the browser must load before it runs. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}

const gzipped = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
const loginKey = Object.keys(manifest).find((key) => key.endsWith('login-page.tsx'));
if (!entry || !loginKey) throw new Error('build manifest without entry or login page; run npm run build');

// The page's language (English, as a browser without a stored choice gets it) loads before it renders.
const englishKey = Object.keys(manifest).find((key) => key.endsWith('src/locales/en-gb.json'));
const initial = new Set([
  ...closure(entry),
  ...closure(loginKey),
  ...(englishKey ? closure(englishKey) : []),
]);
const initialFiles = [...initial].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
const allFiles = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) =>
  file.endsWith('.js'),
);
const initialBytes = initialFiles.reduce((sum, file) => sum + gzipped(file), 0);
const allBytes = allFiles.reduce((sum, file) => sum + gzipped(file), 0);
const entryBytes = [...closure(entry)]
  .map((key) => manifest[key]!.file)
  .filter((file) => file.endsWith('.js'))
  .reduce((sum, file) => sum + gzipped(file), 0);

const goalKb = 150;
const rows = [
  `| initial JS for /login (entry, login page and English text chunks) | ${initialFiles.length} | ${kb(initialBytes)} | ${initialBytes < goalKb * 1024 ? 'yes' : 'no'} |`,
  `| of which the entry and its static imports | ${[...closure(entry)].length} | ${kb(entryBytes)} | |`,
  `| baseline: all JS of the build | ${allFiles.length} | ${kb(allBytes)} | |`,
];
const report = [
  '',
  '## Web bundle',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores; Node ${process.version}. Vite production build of`,
  'apps/web, sizes gzip level 9 of the files the browser must load before /login runs (the entry chunk, its static',
  'imports, the lazily loaded login page with its imports, and the English text when it is a chunk of its own),',
  'read from dist/.vite/manifest.json.',
  `Baseline, same build: every JS chunk. Goal: initial < ${goalKb} KB. \`bench/web-bundle.ts\` reproduces it.`,
  '',
  '| measure | files | KB gzip | under goal |',
  '| --- | ---: | ---: | --- |',
  ...rows,
  '',
].join('\n');
console.log(report);
if (!process.argv.includes('--no-write')) appendFileSync(join(import.meta.dirname, 'RESULTS.md'), report);
