// Validation benchmark: Signet's validator (validatePdfSignaturesInEngine, in a warm engine worker,
// as uploads and /validate run it) on every signed-* file of the corpus, against poppler's pdfsig
// on the same files in the same run. Run: node --import tsx bench/validate.ts
// Prints a Markdown section and replaces "## Signature validation" in bench/RESULTS.md.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { closePdfEngine, configurePdfEngine, validatePdfSignaturesInEngine } from '../packages/pdf/src/index';
import { machineLines, median, time, writeResultsSection } from './results-section';

const corpus = fileURLToPath(new URL('../../shared/pdf-corpus/', import.meta.url));
const runs = 15;
configurePdfEngine({ workers: 1 });

// pdfsig exits non-zero for broken signatures; its time is what counts.
function pdfsig(path: string): void {
  try {
    execFileSync('pdfsig', ['-nocert', path], { stdio: 'ignore' });
  } catch {
    // Expected for the broken files.
  }
}

const files = readdirSync(corpus).filter((f) => f.startsWith('signed-') && f.endsWith('.pdf'));
// Warm the worker: WASM start-up is paid once per worker, not per validation.
await validatePdfSignaturesInEngine(new Uint8Array(readFileSync(join(corpus, files[0]!))), {
  trustAnchors: [],
});

const rows: { file: string; signatures: number; engine: number; pdfsig: number }[] = [];
for (const file of files) {
  const path = join(corpus, file);
  const bytes = new Uint8Array(readFileSync(path));
  const report = await validatePdfSignaturesInEngine(bytes, { trustAnchors: [] });
  const engine: number[] = [];
  const poppler: number[] = [];
  // Interleaved, so that load from other work on the machine falls on both columns alike.
  for (let i = 0; i < runs; i++) {
    engine.push(await time(() => validatePdfSignaturesInEngine(bytes, { trustAnchors: [] })));
    poppler.push(await time(() => pdfsig(path)));
  }
  const n = report.signatures.length;
  rows.push({ file, signatures: n, engine: median(engine) / n, pdfsig: median(poppler) / n });
}
await closePdfEngine();

const f = (n: number) => n.toFixed(1);
const section = [
  '## Signature validation',
  '',
  ...machineLines(),
  'Signet: `validatePdfSignaturesInEngine` (the validator uploads and `/validate` run: every revision opened by mupdf in a warm',
  'engine worker, CMS, digests, chain and embedded revocation data checked; no trust anchors, no online fetches), timed',
  'from the call to the report. Baseline: poppler `pdfsig -nocert` (integrity only, no certificate checks), one process',
  `per call with its start-up, on the same files in the same run, interleaved; median of ${runs} runs per file, divided`,
  'by the number of signatures (document timestamps included). `bench/validate.ts` reproduces it.',
  '',
  '| file | signatures | Signet ms per signature | pdfsig ms per signature | ratio |',
  '| --- | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (r) =>
      `| ${r.file} | ${r.signatures} | ${f(r.engine)} | ${f(r.pdfsig)} | ${(r.engine / r.pdfsig).toFixed(2)}× |`,
  ),
  '',
].join('\n');
console.log(section);
await writeResultsSection('## Signature validation', section);
