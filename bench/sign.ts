// Signing benchmark: time per signature at B-B, B-T and B-LT for a 1-page file and a ~100-page,
// ~10 MB file, against a baseline measured in the same run: SHA-256 of the whole file plus one
// RSA-2048 signature with node:crypto (the least any signer must do).
// Run: node --import tsx bench/sign.ts — prints a Markdown section and appends/replaces "## Signing"
// in bench/RESULTS.md. The large file is built into bench/.work/ at run time (not committed).
import { createHash, generateKeyPairSync, randomBytes, sign as rsaSign } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { webcrypto } from 'node:crypto';
import * as mupdf from 'mupdf';
import { format, resolveConfig } from 'prettier';
import { createTrustServices } from '../packages/trust-services/src/index';
import { addSignatureFields, closePdfEngine } from '../packages/pdf/src/index';
import { signPdf } from '../packages/pdf/src/signature/sign';
import type { PadesLevel } from '../packages/pdf/src/signature/types';
import { certificatesFrom } from '../packages/pdf/src/signature/certificates';

const corpus = fileURLToPath(new URL('../../shared/pdf-corpus/', import.meta.url));
const resultsFile = fileURLToPath(new URL('./RESULTS.md', import.meta.url));
const workDir = fileURLToPath(new URL('./.work/', import.meta.url));
mkdirSync(workDir, { recursive: true });

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Median wall time of `fn`, and the median of the part spent in the provider callbacks. */
async function timed(
  runs: number,
  fn: () => Promise<unknown> | unknown,
): Promise<{ ms: number; min: number; providers: number }> {
  await fn(); // warm-up: JIT, WASM and caches are not what is measured
  const times: number[] = [];
  const inProviders: number[] = [];
  for (let i = 0; i < runs; i++) {
    providerMs = 0;
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
    inProviders.push(providerMs);
  }
  return { ms: median(times), min: Math.min(...times), providers: median(inProviders) };
}

// Time spent inside the TSA/OCSP/CRL callbacks: in production these are remote services, so the
// table reports it apart from the engine's own work.
let providerMs = 0;
async function inProvider<T>(work: () => Promise<T>): Promise<T> {
  const t = performance.now();
  try {
    return await work();
  } finally {
    providerMs += performance.now() - t;
  }
}

/** ~100 pages and ~10 MB: the 117-page corpus thesis cut to 100 pages plus 8 MB of incompressible image data. */
function buildLargePdf(): Uint8Array {
  const path = join(workDir, 'large-100-pages.pdf');
  if (existsSync(path)) return new Uint8Array(readFileSync(path));
  const doc = new mupdf.PDFDocument(readFileSync(join(corpus, 'linearized-pdf15-117-pages-latex.pdf')));
  while (doc.countPages() > 100) doc.deletePage(doc.countPages() - 1);
  // A 1448 × 1448 RGB image of noise (~6 MB raw, stored unfiltered) drawn on page 1 and pages with
  // more noise until the file holds ~10 MB: image data that cannot be compressed away.
  for (let i = 0; i < 4; i++) {
    const side = 1024;
    const image = doc.addRawStream(randomBytes(side * side * 2), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: side,
      Height: side * 2,
      ColorSpace: 'DeviceGray',
      BitsPerComponent: 8,
    });
    const page = doc.findPage(i);
    const resources = page.get('Resources');
    let xobjects = resources.get('XObject');
    if (xobjects.isNull()) {
      xobjects = doc.newDictionary();
      resources.put('XObject', xobjects);
    }
    xobjects.put(`Noise${i}`, image);
    const content = doc.addStream(`q 20 0 0 40 10 10 cm /Noise${i} Do Q`, {});
    const contents = page.get('Contents');
    const array = doc.newArray();
    if (contents.isArray()) contents.forEach((c) => array.push(c));
    else array.push(contents);
    array.push(content);
    page.put('Contents', array);
  }
  const bytes = doc.saveToBuffer('').asUint8Array().slice();
  doc.destroy();
  writeFileSync(path, bytes);
  return bytes;
}

const dataDir = mkdtempSync(join(tmpdir(), 'signet-bench-sign-'));
const services = await createTrustServices({ dataDir });
const issued = await services.pki.issueEndEntity({
  subject: { commonName: 'Bench Seal', organization: 'Signet Bench' },
  profile: 'seal',
  legislation: 'eidas',
  validityMinutes: 60,
});
const privateKey = issued.privateKey!;
const providers = {
  timestamp: (req: Uint8Array) => inProvider(() => services.tsa.respond(req)),
  revocation: {
    ocsp: (_url: string, req: Uint8Array) => inProvider(() => services.ocsp.respond(req)),
    crl: (url: string) =>
      inProvider(() =>
        services.crl.get(
          /\/crl\/([a-z]+-[a-z]+)\.crl$/.exec(url)![1] as Parameters<typeof services.crl.get>[0],
        ),
      ),
  },
  extraCertificates: certificatesFrom(services.pki.trustListPem()),
};
const baselineKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

const small = new Uint8Array(readFileSync(join(corpus, 'basic-pdf15-libreoffice-writer.pdf')));
const large = buildLargePdf();
const largePages = new mupdf.PDFDocument(large).countPages();
const cases = [
  {
    label: `basic-pdf15-libreoffice-writer.pdf (1 page, ${(small.length / 1024).toFixed(0)} KB)`,
    bytes: small,
    runs: 15,
  },
  {
    label: `thesis cut to ${largePages} pages + image data (${(large.length / 1024 / 1024).toFixed(1)} MB)`,
    bytes: large,
    runs: 15,
  },
];

interface Row {
  file: string;
  level: string;
  ms: number;
  min: number;
  providers: number;
  ratio: number;
}
const rows: Row[] = [];
const variants: { level: PadesLevel; visible: boolean }[] = [
  { level: 'B-B', visible: false },
  { level: 'B-B', visible: true },
  { level: 'B-T', visible: true },
  { level: 'B-LT', visible: true },
];
for (const { label, bytes, runs } of cases) {
  const withField = await addSignatureFields(bytes, [{ name: 'bench', page: 1, x: 40, y: 40 }]);
  const { ms: baseline, min: baselineMin } = await timed(runs, () => {
    const digest = createHash('sha256').update(withField).digest();
    rsaSign('sha256', digest, baselineKey);
  });
  rows.push({ file: label, level: 'baseline', ms: baseline, min: baselineMin, providers: 0, ratio: 1 });
  for (const { level, visible } of variants) {
    const result = await timed(runs, () =>
      signPdf(withField, {
        fieldName: 'bench',
        signerCertificate: issued.certificateDer,
        certificateChain: issued.chainDer.slice(1),
        signingTime: new Date(),
        ...(visible
          ? { appearance: { name: 'Bench Seal', date: '22.11.2026', claim: 'Sealed with Signet' } }
          : {}),
        signer: {
          sign: async (_digest, data) =>
            new Uint8Array(await webcrypto.subtle.sign('RSASSA-PKCS1-v1_5', privateKey, data)),
        },
        level,
        ...providers,
      }),
    );
    const name = `${level} ${visible ? 'visible' : 'invisible'}`;
    rows.push({
      file: label,
      level: name,
      ms: result.ms,
      min: result.min,
      providers: result.providers,
      ratio: result.ms / baseline,
    });
  }
}
await closePdfEngine();
rmSync(dataDir, { recursive: true, force: true });

const cpu = cpus()[0]?.model ?? 'unknown CPU';
const section = [
  '## Signing',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores (nproc), ${cpu}; Node ${process.version}.`,
  'Engine: `signPdf` of `@signet/pdf` (RSA-2048 key via WebCrypto), one signature per call on a file that already',
  'has its empty field, timed from the call to the signed bytes (median of repeated calls after one warm-up);',
  '"visible" includes building the appearance (fonts, layout). B-T and B-LT include the in-process sandbox TSA and',
  'OCSP responder; their share is the "providers" column (remote services in production). B-LT adds the DSS',
  'revision. Baseline, same run: SHA-256 of the whole file + one RSA-2048 signature with node:crypto. The machine',
  `was shared with other builds while measuring (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores at the end), so figures are noisy.`,
  '`bench/sign.ts` reproduces it (the large file is rebuilt in bench/.work/).',
  '',
  '| file | level | median ms | min ms | of which providers (median) | × baseline (medians) |',
  '| --- | --- | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (r) =>
      `| ${r.file} | ${r.level} | ${r.ms.toFixed(1)} | ${r.min.toFixed(1)} | ${r.providers.toFixed(1)} | ${r.level === 'baseline' ? '1.0×' : `${r.ratio.toFixed(1)}×`} |`,
  ),
  '',
].join('\n');
const formatted = await format(section, { ...(await resolveConfig(resultsFile)), parser: 'markdown' });
console.log(formatted);

const existing = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '# Benchmark results\n';
const start = existing.indexOf('## Signing');
const next = start < 0 ? -1 : existing.indexOf('\n## ', start + 1);
const updated =
  start < 0
    ? `${existing.trimEnd()}\n\n${formatted}`
    : `${existing.slice(0, start)}${formatted}${next < 0 ? '' : `\n${existing.slice(next + 1)}`}`;
writeFileSync(resultsFile, updated);
