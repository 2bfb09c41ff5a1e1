// Upload-to-signed benchmark (issue 17): a 1-page AES signature at B-LT through the API (create with
// the PDF inline, send, sign) against the engine's own B-LT of the same file in the same run, both
// paying the same providers: the TSA and OCSP responder of the same sandbox, over HTTP.
// Run: node --import tsx bench/sign-api.ts — replaces "## Upload to signed" in bench/RESULTS.md.
// SIGN_API_RUNS sets the runs per side (default 15, after one warm-up each). bench/sign-api-statements.ts
// counts the SQL statements of the same three calls.
import { webcrypto } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTrustServices } from '../packages/trust-services/src/index';
import { addSignatureFields, signPdf } from '../packages/pdf/src/index';
import { certificatesFrom } from '../packages/pdf/src/signature/certificates';
import { timestampTransport } from '../apps/api/src/adapters/timestamp-authority';
import { revocationTransports } from '../apps/api/src/adapters/revocation';
import { databaseKinds } from '../apps/api/test/helpers';
import { startBenchServer, signUpBenchUser, type BenchServer } from './bench-server';
import { postJson } from './post-json';
import { machineLines, median, time, writeResultsSection } from './results-section';

const runs = Number(process.env.SIGN_API_RUNS ?? 15);
const file = 'basic-pdf15-libreoffice-writer.pdf';
const corpus = fileURLToPath(new URL('../../shared/pdf-corpus/', import.meta.url));
const pdf = new Uint8Array(readFileSync(join(corpus, file)));

/**
 * Median and min of `runs` timings of `fn` after one warm-up; `before` runs untimed ahead of each
 * (the API side lets the previous signature's background jobs finish there).
 */
async function timed(
  fn: () => Promise<unknown>,
  before: () => Promise<unknown> = async () => undefined,
): Promise<{ median: number; min: number }> {
  await fn(); // JIT, WASM, worker start and the providers' first answers are not what is measured
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await before();
    times.push(await time(fn));
  }
  return { median: median(times), min: Math.min(...times) };
}

/**
 * The engine alone: `signPdf` at B-LT with a key in this process (a certificate of the same sandbox
 * CA), the file's field added beforehand, timestamp and OCSP from the server's sandbox over HTTP.
 */
async function engineBLt(server: BenchServer, legislation: 'eidas' | 'zertes') {
  const sandbox = `${server.base}/sandbox`;
  const services = await createTrustServices({ dataDir: server.dataDir, publicBaseUrl: sandbox });
  const issued = await services.pki.issueEndEntity({
    subject: { commonName: 'Bea Bench', givenName: 'Bea', surname: 'Bench', email: 'bench@example.ch' },
    profile: 'aes',
    legislation,
    validityMinutes: 60,
  });
  services.close();
  const trustList = await (await fetch(`${sandbox}/trust-list.pem`)).text();
  const withField = await addSignatureFields(pdf, [{ name: 'bench', page: 1, x: 50, y: 50 }]);
  return timed(() =>
    signPdf(withField, {
      fieldName: 'bench',
      signerCertificate: issued.certificateDer,
      certificateChain: issued.chainDer.slice(1),
      signingTime: new Date(),
      appearance: { name: 'Bea Bench', date: '25.11.2026', claim: 'Signed with Signet' },
      signer: {
        sign: async (_digest, data) =>
          new Uint8Array(await webcrypto.subtle.sign('RSASSA-PKCS1-v1_5', issued.privateKey!, data)),
      },
      level: 'B-LT',
      timestamp: timestampTransport(sandbox),
      revocation: revocationTransports((url) => url),
      extraCertificates: certificatesFrom(trustList),
    }),
  );
}

/** Create with the PDF inline, send, sign (AES, B-LT): what a user's upload-to-signed costs. */
async function apiUploadToSigned(server: BenchServer, token: string) {
  const content = Buffer.from(pdf).toString('base64');
  const post = (path: string, body: unknown) => postJson(server.base, path, body, token);
  let legislation: 'eidas' | 'zertes' = 'zertes';
  let n = 0;
  const steps = { create: [] as number[], initiate: [] as number[], sign: [] as number[] };
  const result = await timed(
    async () => {
      let t = performance.now();
      const lap = (step: keyof typeof steps) => {
        steps[step].push(performance.now() - t);
        t = performance.now();
      };
      const created = await post('/v3/signature-requests', {
        title: `Latency ${n++}`,
        documents: [{ title: 'doc', content }],
        quality: 'aes',
        signatures: [
          { account_email: 'bench@example.ch', visual_signatures: [{ position: { page: 1, x: 50, y: 50 } }] },
        ],
      });
      lap('create');
      legislation = created.legislation as typeof legislation;
      await post(`/v3/signature-requests/${String(created.id)}/initiate`, {});
      lap('initiate');
      const signed = await post('/v3/sign', { signatureRequests: [{ id: created.id }] });
      lap('sign');
      if (signed.status !== 'SUCCESS') throw new Error(JSON.stringify(signed));
    },
    () => server.app.jobs.drain(),
  );
  const split = Object.fromEntries(
    Object.entries(steps).map(([step, times]) => [step, median(times.slice(1))]),
  ) as Record<keyof typeof steps, number>;
  return { ...result, legislation, split };
}

const databaseNames = { pglite: 'embedded PGlite', postgres: 'PostgreSQL (DATABASE_URL)' };
const rows: string[] = [];
for (const kind of databaseKinds) {
  const server = await startBenchServer(kind);
  try {
    const token = await signUpBenchUser(server, 'bench@example.ch', 1000);
    // Alternating sides twice, so that a load spike on the machine hits both.
    const api = await apiUploadToSigned(server, token);
    const engine = await engineBLt(server, api.legislation);
    const api2 = await apiUploadToSigned(server, token);
    const engine2 = await engineBLt(server, api.legislation);
    const apiMs = median([api.median, api2.median]);
    const engineMs = median([engine.median, engine2.median]);
    const split = (step: 'create' | 'initiate' | 'sign') =>
      median([api.split[step], api2.split[step]]).toFixed(0);
    rows.push(
      `| ${databaseNames[kind]} | ${engineMs.toFixed(0)} (min ${Math.min(engine.min, engine2.min).toFixed(0)}) | ${apiMs.toFixed(0)} (min ${Math.min(api.min, api2.min).toFixed(0)}) | ${split('create')} / ${split('initiate')} / ${split('sign')} | ${(apiMs / engineMs).toFixed(2)}× |`,
    );
    console.log(rows.at(-1));
  } finally {
    await server.close();
  }
}

const section = [
  '## Upload to signed',
  '',
  ...machineLines(),
  `File: ${file} (1 page). Engine (the baseline): \`signPdf\` of @signet/pdf at B-LT with a visible signature,`,
  'a key in the bench process whose certificate the same sandbox CA issued, timestamp and OCSP from the',
  "server's sandbox over HTTP (the API's own transports). API: `POST /v3/signature-requests` with the PDF",
  'inline, `POST …/initiate`, `POST /v3/sign` (AES, B-LT; the certificate from the sandbox QTSP, the',
  'signature value from its signHash), timed from the first call to the last answer. Each side: two',
  `rounds of ${runs} runs after a warm-up, alternating, in one Signet process per database; the medians of`,
  "the two rounds' medians. Before each API run (untimed) the server finishes the previous signature's",
  'background jobs (mails, audit-trail timestamp, the final DSS and document timestamp): they are off the',
  'response path, and a user does not upload the next file within the same second. The split column gives',
  'the medians of the three calls. `bench/sign-api.ts` reproduces it (PostgreSQL too when DATABASE_URL is set).',
  '',
  '| database | engine B-LT ms | API upload to signed ms | create / initiate / sign ms | API ÷ engine |',
  '| --- | ---: | ---: | ---: | ---: |',
  ...rows,
  '',
].join('\n');
console.log(await writeResultsSection('## Upload to signed', section));
process.exit(0);
