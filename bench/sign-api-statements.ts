// The SQL statements each call of the upload-to-signed path sends (issue 17): create with the PDF
// inline, initiate, sign (AES, B-LT), as bench/sign-api.ts times them, on PostgreSQL. The job
// runner is stopped, so that only the calls' own statements count; jobs run between the rounds.
// Run: DATABASE_URL=postgres://… node --import tsx bench/sign-api-statements.ts
// SQL_TRACE=1 lists every statement with its time since the call began (gaps: engine, providers).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startBenchServer, signUpBenchUser } from './bench-server';
import { postJson } from './post-json';

if (!process.env.DATABASE_URL)
  throw new Error('Set DATABASE_URL: the statements are counted at the PostgreSQL client.');
const corpus = fileURLToPath(new URL('../../shared/pdf-corpus/', import.meta.url));
const content = readFileSync(join(corpus, 'basic-pdf15-libreoffice-writer.pdf')).toString('base64');

/** The statements of the call in progress, with their start time since it began. */
let listed: string[] | null = null;
let callStart = 0;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string };
  const text = typeof first === 'string' ? first : (first.text ?? '');
  const at = (performance.now() - callStart).toFixed(1).padStart(7);
  listed?.push(`${at} ${text.replace(/\s+/g, ' ').slice(0, 140)}`);
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const server = await startBenchServer('postgres');
await server.app.jobs.stop();
const token = await signUpBenchUser(server, 'bench@example.ch', 100);
const post = (path: string, body: unknown) => postJson(server.base, path, body, token);

async function counted<T>(call: string, round: number, send: () => Promise<T>): Promise<T> {
  listed = [];
  callStart = performance.now();
  const answer = await send();
  const ms = performance.now() - callStart;
  console.log(`round ${round} ${call}: ${listed.length} statements, ${ms.toFixed(0)} ms`);
  if (process.env.SQL_TRACE) console.log(listed.join('\n'));
  listed = null;
  return answer;
}

// Round 0 warms up (first enrolment of the signer's certificate, JIT); the later rounds are the steady state.
for (let round = 0; round < 3; round++) {
  await server.app.jobs.drain();
  const created = await counted('create', round, () =>
    post('/v3/signature-requests', {
      title: `Statements ${round}`,
      documents: [{ title: 'doc', content }],
      quality: 'aes',
      signatures: [
        { account_email: 'bench@example.ch', visual_signatures: [{ position: { page: 1, x: 50, y: 50 } }] },
      ],
    }),
  );
  const id = String(created.id);
  await counted('initiate', round, () => post(`/v3/signature-requests/${id}/initiate`, {}));
  await counted('sign', round, () => post('/v3/sign', { signatureRequests: [{ id }] }));
}
await server.close();
process.exit(0);
