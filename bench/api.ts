// API benchmark (issue 4): the dashboard list (GET /v3/signature-requests, a page of 20) with 10,000
// requests in the database, under load from autocannon, against the same process's trivial health
// route in the same run; and the upload-to-signed latency of a 1-page signature.
// Run: node --import tsx bench/api.ts — replaces the "## API" section of bench/RESULTS.md.
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { databaseKinds } from '../apps/api/test/helpers';
import { startBenchServer, signUpBenchUser } from './bench-server';
import { postJson } from './post-json';
import { median } from './results-section';

const corpus = fileURLToPath(new URL('../../shared/pdf-corpus/', import.meta.url));
const resultsFile = fileURLToPath(new URL('./RESULTS.md', import.meta.url));
const requestCount = 10_000;

interface Measured {
  kind: 'pglite' | 'postgres';
  rows: string[];
  latencies: number[];
}

async function measure(kind: 'pglite' | 'postgres'): Promise<Measured> {
  const server = await startBenchServer(kind);
  const { app, base } = server;
  try {
    const post = (path: string, body: unknown, token?: string) => postJson(base, path, body, token);
    const token = await signUpBenchUser(server, 'bench@example.ch', 1000);

    // Upload to signed: create with the PDF inline, send, sign (AES, B-LT), five times.
    const pdf = readFileSync(join(corpus, 'basic-pdf15-libreoffice-writer.pdf')).toString('base64');
    const latencies: number[] = [];
    for (let i = 0; i < 6; i++) {
      const start = performance.now();
      const created = await post(
        '/v3/signature-requests',
        {
          title: `Latency ${i}`,
          documents: [{ title: 'doc', content: pdf }],
          quality: 'aes',
          signatures: [
            {
              account_email: 'bench@example.ch',
              visual_signatures: [{ position: { page: 1, x: 50, y: 50 } }],
            },
          ],
        },
        token,
      );
      await post(`/v3/signature-requests/${String(created.id)}/initiate`, {}, token);
      const signed = await post('/v3/sign', { signatureRequests: [{ id: created.id }] }, token);
      if (signed.status !== 'SUCCESS') throw new Error(JSON.stringify(signed));
      if (i > 0) latencies.push(performance.now() - start); // the first run warms up
    }

    // 10,000 requests straight into the database (what the list reads), sharing one document.
    const listed = (await (
      await fetch(`${base}/api/v3/signature-requests?size=1`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { items: Array<{ documents: Array<{ id: string }>; owner: { id: string } }> };
    const first = listed.items[0];
    const ownerId = first!.owner.id;
    const documentId = first!.documents[0]!.id;
    for (let batch = 0; batch < requestCount / 500; batch++) {
      const ids = Array.from({ length: 500 }, () => randomUUID());
      const now = new Date(Date.now() - batch * 60_000).toISOString();
      await app.database.db.execute(
        sql.raw(
          `insert into signature_requests (id, owner_id, title, status, quality, legislation, signing_order, redirect_timeout, created_at, updated_at) values ${ids.map((id, i) => `('${id}', '${ownerId}', 'Load ${batch}-${i}', '${i % 3 === 0 ? 'SIGNED' : 'OPEN'}', 'ses', 'zertes', false, 45, '${now}', '${now}')`).join(',')}`,
        ),
      );
      await app.database.db.execute(
        sql.raw(
          `insert into request_documents (request_id, document_id, position) values ${ids.map((id) => `('${id}', '${documentId}', 0)`).join(',')}`,
        ),
      );
      await app.database.db.execute(
        sql.raw(
          `insert into signers (id, request_id, sequence, kind, user_id, email, first_name, last_name, language, status, placements) values ${ids.map((id) => `('${randomUUID()}', '${id}', 1, 'account', '${ownerId}', 'bench@example.ch', 'Bea', 'Bench', 'en-gb', 'OPEN', '[]')`).join(',')}`,
        ),
      );
    }

    // A running PGlite refreshes its statistics every few minutes (db/client.ts); PostgreSQL's
    // autovacuum does on its own. The rows above arrived in one go, so refresh them now.
    await app.database.db.execute(sql`analyze`);

    const load = (path: string) =>
      autocannon({
        url: `${base}${path}`,
        connections: 10,
        duration: 10,
        headers: { authorization: `Bearer ${token}` },
      });
    const health = await load('/api/health');
    const list = await load('/api/v3/signature-requests?filter=all&page=1&size=20');
    const toSign = await load('/api/v3/signature-requests?filter=toSign&page=1&size=20');
    const row = (name: string, r: autocannon.Result) =>
      `| ${name} | ${r.requests.average.toFixed(0)} | ${(r.requests.average / health.requests.average).toFixed(3)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} |`;
    return {
      kind,
      latencies,
      rows: [
        row('GET /api/health (baseline)', health),
        row('GET /api/v3/signature-requests?filter=all&size=20', list),
        row('GET /api/v3/signature-requests?filter=toSign&size=20', toSign),
      ],
    };
  } finally {
    await server.close();
  }
}

const databaseNames = { pglite: 'embedded PGlite', postgres: 'PostgreSQL (DATABASE_URL)' };

async function main(): Promise<void> {
  const results: Measured[] = [];
  for (const kind of databaseKinds) results.push(await measure(kind));
  const section = `## API

Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.version},
load average ${loadavg()[0]!.toFixed(1)} at the end. One Signet process per database; autocannon with 10 connections
for 10 s per route, from the same machine. The user is involved in ${requestCount + 6} requests. Baseline: the same
process's \`GET /api/health\` (one database round trip) in the same run. \`bench/api.ts\` reproduces it (PostgreSQL
too when DATABASE_URL is set).

${results
  .map(
    (r) => `### ${databaseNames[r.kind]}

| route | requests/s | × health | p50 ms | p99 ms | non-2xx |
| --- | ---: | ---: | ---: | ---: | ---: |
${r.rows.join('\n')}

Upload to signed, 1-page PDF (create with the PDF inline, send, sign AES at B-LT with timestamp and OCSP from the
sandbox over HTTP): median ${median(r.latencies).toFixed(0)} ms over ${r.latencies.length} runs (min ${Math.min(...r.latencies).toFixed(0)}, max ${Math.max(...r.latencies).toFixed(0)}).
`,
  )
  .join('\n')}`;
  console.log(section);
  const current = readFileSync(resultsFile, 'utf8');
  const start = current.indexOf('## API\n');
  const next = start >= 0 ? current.indexOf('\n## ', start + 1) : -1;
  const updated =
    start < 0
      ? `${current.trimEnd()}\n\n${section}`
      : `${current.slice(0, start)}${section}${next >= 0 ? current.slice(next) : ''}`;
  writeFileSync(resultsFile, updated);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
