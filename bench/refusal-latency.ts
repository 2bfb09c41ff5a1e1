// Refusal latency benchmark: how long an account without free signatures waits for its refusal
// (POST /v3/sign → 403 FREE_SIGNATURES_EXHAUSTED), median of 15 calls after one warm-up, against
// a refusal that never reached a trust service (NOT_YOUR_TURN: the same call, refused by the signing
// order) in the same run and the same process. Embedded PGlite, and PostgreSQL when DATABASE_URL is
// set. Run: node --import tsx bench/refusal-latency.ts — prints the rows and replaces
// "## Refusal latency" in bench/RESULTS.md.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseKinds } from '../apps/api/test/helpers';
import { startBenchServer, signUpBenchUser } from './bench-server';
import { postJson } from './post-json';
import { median, writeResultsSection } from './results-section';

const RUNS = 15;
const corpus = fileURLToPath(new URL('../../shared/pdf-corpus/', import.meta.url));
const pdf = readFileSync(join(corpus, 'pdf20-simple-pdfassociation.pdf')).toString('base64');

/** Median ms of `RUNS` refusals of POST /v3/sign, each expected with `code`. */
async function refusalMs(base: string, token: string, requestId: unknown, code: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const start = performance.now();
    const response = await fetch(`${base}/api/v3/sign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ signatureRequests: [{ id: requestId }] }),
    });
    const body = (await response.json()) as { code?: string };
    if (body.code !== code)
      throw new Error(`expected ${code}, got ${response.status} ${JSON.stringify(body)}`);
    if (i > 0) times.push(performance.now() - start); // the first call warms up
  }
  return median(times);
}

const rows: string[] = [];
for (const kind of databaseKinds) {
  const server = await startBenchServer(kind);
  try {
    const owner = await signUpBenchUser(server, 'owner@example.ch', 1000);
    const broke = await signUpBenchUser(server, 'broke@example.ch', 0);
    const open = async (signers: string[], ordered: boolean) => {
      const created = await postJson(
        server.base,
        '/v3/signature-requests',
        {
          title: 'Refusal',
          documents: [{ title: 'doc', content: pdf }],
          quality: 'aes',
          signing_order: ordered,
          signatures: signers.map((email) => ({ account_email: email })),
        },
        owner,
      );
      await postJson(server.base, `/v3/signature-requests/${String(created.id)}/initiate`, {}, owner);
      return created.id;
    };
    const notYourTurn = await refusalMs(
      server.base,
      broke,
      await open(['owner@example.ch', 'broke@example.ch'], true),
      'NOT_YOUR_TURN',
    );
    const exhausted = await refusalMs(
      server.base,
      broke,
      await open(['broke@example.ch'], false),
      'FREE_SIGNATURES_EXHAUSTED',
    );
    const name = kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL';
    rows.push(`| ${name} | NOT_YOUR_TURN (baseline) | ${notYourTurn.toFixed(1)} | 1.0× |`);
    rows.push(
      `| ${name} | FREE_SIGNATURES_EXHAUSTED | ${exhausted.toFixed(1)} | ${(exhausted / notYourTurn).toFixed(1)}× |`,
    );
  } finally {
    await server.close();
  }
}

const section = [
  '## Refusal latency',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores; Node ${process.version}; load average`,
  `${loadavg()[0]!.toFixed(1)} at the end. POST /v3/sign over HTTP by an account without free signatures, median of`,
  `${RUNS} calls after one warm-up, against the same call refused by the signing order (NOT_YOUR_TURN, which never`,
  'reached a trust service) in the same run and process. `bench/refusal-latency.ts` reproduces it.',
  '',
  '| database | refusal | median ms | × baseline |',
  '| --- | --- | ---: | ---: |',
  ...rows,
  '',
].join('\n');
console.log(await writeResultsSection('## Refusal latency', section));
