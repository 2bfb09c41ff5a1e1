// API benchmark (issue 4): the dashboard list (GET /v3/signature-requests, a page of 20) with 10,000
// requests in the database, under load from autocannon, against the same process's trivial health
// route in the same run; and the upload-to-signed latency of a 1-page signature.
// Run: node --import tsx bench/api.ts — replaces the "## API" section of bench/RESULTS.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { databaseKinds } from '../apps/api/test/helpers';
import { dashboardStatement } from '../apps/api/src/modules/signature-requests/request-list.repository';
import { decodeCursor } from '../apps/api/src/modules/signature-requests/list-cursor';
import type { Db } from '../apps/api/src/db/client';
import { bulkRequests } from './bulk-requests';
import { checkBulkList } from './check-bulk-list';
import { startBenchServer, signUpBenchUser } from './bench-server';
import { postJson } from './post-json';
import { median } from './results-section';

const corpus = fileURLToPath(new URL('../../shared/pdf-corpus/', import.meta.url));
const resultsFile = fileURLToPath(new URL('./RESULTS.md', import.meta.url));
// BENCH_API_COUNTS=10000 and BENCH_API_DATABASES=postgres narrow a run (the 100,000 fill takes long on PGlite).
const requestCounts = (process.env.BENCH_API_COUNTS ?? '10000,100000').split(',').map(Number);
const kinds = databaseKinds.filter((kind) =>
  (process.env.BENCH_API_DATABASES ?? 'pglite,postgres').split(',').includes(kind),
);
const listPaths = [
  'filter=all&page=1&size=20',
  'filter=toSign&page=1&size=20',
  'filter=completed&page=1&size=20',
  'filter=all&page=250&size=20',
];
/** The dashboard statements whose plans the results show (they must read the list index, not sort). */
const explained: Record<string, Parameters<typeof dashboardStatement>[1]> = {
  'filter=all page 1': { filter: 'all', page: 1, size: 20 },
  'filter=toSign page 1': { filter: 'toSign', page: 1, size: 20 },
  'filter=all page 250': { filter: 'all', page: 250, size: 20 },
};

async function explain(db: Db, user: { id: string }, query: Parameters<typeof dashboardStatement>[1]) {
  const result = (await db.execute(sql`explain ${dashboardStatement(user.id, query)}`)) as unknown as {
    rows: Array<Record<string, string>>;
  };
  return result.rows.map((r) => `    ${Object.values(r)[0]}`).join('\n');
}

interface Measured {
  kind: 'pglite' | 'postgres';
  rows: string[];
  plans: string[];
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

    // The requests straight into the database (what the list reads), sharing one document: first
    // 10,000, measured, then up to 100,000, measured again in the same process.
    const listed = (await (
      await fetch(`${base}/api/v3/signature-requests?size=1`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as {
      total: number;
      items: Array<{ documents: Array<{ id: string }>; owner: { id: string } }>;
    };
    const owner = { id: listed.items[0]!.owner.id, email: 'bench@example.ch' };
    const documentId = listed.items[0]!.documents[0]!.id;
    const rows: string[] = [];
    const plans: string[] = [];
    let have = 0;
    for (const size of requestCounts) {
      const started = performance.now();
      await bulkRequests(app.database.db, owner, documentId, size - have, have);
      have = size;
      const filled = performance.now() - started;
      // A running PGlite refreshes its statistics every few minutes (db/client.ts); PostgreSQL's
      // autovacuum does on its own. The rows above arrived in one go, so refresh them now.
      await app.database.db.execute(sql`analyze`);
      await checkBulkList(app, token, size, listed.total);
      // Where page 249 ends: the cursor a client holds after paging that far, for the keyset route.
      // In-process: a kept-alive socket from before the fill may be closed under the client's feet.
      const deep = (
        await app.inject({
          url: '/api/v3/signature-requests?filter=all&page=249&size=20',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json<{ next: string }>();
      const queries = {
        ...explained,
        'filter=all after the cursor of page 249': {
          filter: 'all',
          page: 1,
          size: 20,
          after: decodeCursor(deep.next),
        } as const,
      };
      for (const [name, query] of Object.entries(queries))
        plans.push(`${kind}, ${size} requests, ${name}:\n${await explain(app.database.db, owner, query)}`);
      const load = (path: string) =>
        autocannon({
          url: `${base}${path}`,
          connections: 10,
          duration: 10,
          headers: { authorization: `Bearer ${token}` },
        });
      const health = await load('/api/health');
      const row = (name: string, r: autocannon.Result) =>
        `| ${size} | ${name} | ${r.requests.average.toFixed(0)} | ${(r.requests.average / health.requests.average).toFixed(3)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} |`;
      rows.push(row('GET /api/health (baseline)', health));
      for (const path of listPaths)
        rows.push(
          row(`GET /api/v3/signature-requests?${path}`, await load(`/api/v3/signature-requests?${path}`)),
        );
      rows.push(
        row(
          'GET /api/v3/signature-requests?filter=all&size=20&after=(next of page 249)',
          await load(`/api/v3/signature-requests?filter=all&size=20&after=${deep.next}`),
        ),
      );
      console.log(`${kind}: ${size} requests filled in ${(filled / 1000).toFixed(1)} s`);
    }
    return { kind, latencies, rows, plans };
  } finally {
    await server.close();
  }
}

const databaseNames = { pglite: 'embedded PGlite', postgres: 'PostgreSQL (DATABASE_URL)' };

async function main(): Promise<void> {
  const results: Measured[] = [];
  for (const kind of kinds) results.push(await measure(kind));
  const section = `## API

Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.version},
load average ${loadavg()[0]!.toFixed(1)} at the end. One Signet process per database; autocannon with 10 connections
for 10 s per route, from the same machine. The user is involved in ${requestCounts.map((n) => n.toLocaleString('en')).join(' and then ')} requests (plus 6), built by bench/bulk-requests.ts. Baseline: the same
process's \`GET /api/health\` (one database round trip) in the same run. \`bench/api.ts\` reproduces it (PostgreSQL
too when DATABASE_URL is set).

${results
  .map(
    (r) => `### ${databaseNames[r.kind]}

| requests | route | requests/s | × health | p50 ms | p99 ms | non-2xx |
| ---: | --- | ---: | ---: | ---: | ---: | ---: |
${r.rows.join('\n')}

Upload to signed, 1-page PDF (create with the PDF inline, send, sign AES at B-LT with timestamp and OCSP from the
sandbox over HTTP): median ${median(r.latencies).toFixed(0)} ms over ${r.latencies.length} runs (min ${Math.min(...r.latencies).toFixed(0)}, max ${Math.max(...r.latencies).toFixed(0)}).
`,
  )
  .join('\n')}
Plans of the dashboard statements (EXPLAIN, after ANALYZE):

\`\`\`
${results.flatMap((r) => r.plans).join('\n')}
\`\`\`
`;
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
