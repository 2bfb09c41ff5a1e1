// Page rendering benchmark: the engine (mupdf WASM in warm worker threads, PNG by sharp) against
// poppler's pdftoppm on the same files in the same run. Run: node --import tsx bench/render.ts
// Prints a Markdown section and appends/replaces "## Page rendering" in bench/RESULTS.md.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { closePdfEngine, configurePdfEngine, renderPage, renderPages } from '../packages/pdf/src/index';
import { machineLines, median, time, writeResultsSection } from './results-section';

const corpus = fileURLToPath(new URL('../../shared/pdf-corpus/', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'signet-bench-render-'));
const workers = Math.min(4, cpus().length);
configurePdfEngine({ workers });

function pdftoppm(file: string, dpi: number, first?: number, last?: number): void {
  const range = first === undefined ? [] : ['-f', String(first), '-l', String(last ?? first)];
  execFileSync('pdftoppm', ['-png', '-r', String(dpi), ...range, file, join(out, 'p')], { stdio: 'ignore' });
}

interface Row {
  file: string;
  scale: number;
  measure: string;
  engine: number;
  poppler: number;
}

const rows: Row[] = [];
const cases = [
  { file: 'basic-pdf15-libreoffice-writer.pdf', pages: 1 },
  { file: 'linearized-pdf15-117-pages-latex.pdf', pages: 117 },
];

// Warm the pool: WASM start-up is paid once per worker, not per call.
await Promise.all(
  Array.from({ length: workers }, () => renderPage(readFileSync(join(corpus, cases[0]!.file)), 1)),
);

for (const { file, pages } of cases) {
  const path = join(corpus, file);
  const bytes = new Uint8Array(readFileSync(path));
  for (const scale of [100, 200]) {
    const dpi = (72 * scale) / 100;
    // Latency of one page image, one call at a time (what a page view costs).
    // Every 4th page of the long file (30 pages) keeps the run short and still spans its mix.
    const list =
      pages === 1
        ? Array.from({ length: 15 }, () => 1)
        : Array.from({ length: Math.ceil(pages / 4) }, (_, i) => 1 + 4 * i);
    const engine: number[] = [];
    const poppler: number[] = [];
    for (const p of list) {
      engine.push(await time(() => renderPage(bytes, p, { scale })));
      poppler.push(await time(() => pdftoppm(path, dpi, p)));
    }
    rows.push({
      file,
      scale,
      measure: `one page per call (${list.length} calls), median ms`,
      engine: median(engine),
      poppler: median(poppler),
    });
    if (pages > 1) {
      // Whole document: the engine splits pages over its workers; pdftoppm renders in one process.
      const chunk = Math.ceil(pages / workers);
      const all = Array.from({ length: pages }, (_, i) => i + 1);
      const e = await time(() =>
        Promise.all(
          Array.from({ length: workers }, (_, w) =>
            renderPages(bytes, all.slice(w * chunk, (w + 1) * chunk), { scale }),
          ),
        ),
      );
      const q = await time(() => pdftoppm(path, dpi));
      rows.push({
        file,
        scale,
        measure: `whole document, ms per page (engine: ${workers} workers)`,
        engine: e / pages,
        poppler: q / pages,
      });
      const e1 = await time(() => renderPages(bytes, all, { scale }));
      rows.push({
        file,
        scale,
        measure: 'whole document, ms per page (engine: 1 worker)',
        engine: e1 / pages,
        poppler: q / pages,
      });
    }
  }
}
await closePdfEngine();

const f = (n: number) => n.toFixed(1);
const section = [
  '## Page rendering',
  '',
  ...machineLines(),
  'Engine: `renderPage`/`renderPages` of `@signet/pdf` (mupdf WASM in warm worker threads, PNG encoded by sharp),',
  'timed from the call to the PNG bytes. As in production, each worker keeps recently opened documents, so repeated',
  'calls on one file skip re-parsing it (the bytes are still sent and hashed on every call). Baseline: poppler',
  '`pdftoppm -png -r 72|144`, one process per call (timed around the process, start-up included, as a server shelling',
  'out to it would pay), on the same files in the same run, interleaved page by page. `bench/render.ts` reproduces it.',
  '',
  '| file | scale | measure | engine ms | pdftoppm ms | speed-up |',
  '| --- | --- | --- | ---: | ---: | ---: |',
  ...rows.map(
    (r) =>
      `| ${r.file} | ${r.scale} | ${r.measure} | ${f(r.engine)} | ${f(r.poppler)} | ${(r.poppler / r.engine).toFixed(1)}× |`,
  ),
  '',
].join('\n');
console.log(section);

await writeResultsSection('## Page rendering', section);
