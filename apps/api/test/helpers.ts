import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { seedSandboxKeys } from '@signet/trust-services/testing';
import { CORPUS_DIR, corpusBytes } from '@signet/pdf/corpus';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOverrides } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { migrationsFolder, openDatabase, type Database } from '../src/db/client.ts';
import { SettableClock } from '../src/clock.ts';
import { mailOutbox } from '../src/db/schema/platform.ts';

/** Every database test runs on PGlite, and on PostgreSQL too when DATABASE_URL is set (CI sets it). */
export const databaseKinds: Array<'pglite' | 'postgres'> = process.env.DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/** A test database; on PostgreSQL with its URL, so a test can open it again as another process would. */
export type TestDatabase = Database & { url?: string };

/** A fresh, empty database of the given kind, dropped again by close(). */
export async function createTestDatabase(kind: 'pglite' | 'postgres'): Promise<TestDatabase> {
  if (kind === 'pglite')
    return openDatabase({ pgliteDir: 'memory://', pgliteSnapshot: await migratedPgliteSnapshot() });
  const adminUrl = process.env.DATABASE_URL!;
  const name = `signet_test_${randomBytes(6).toString('hex')}`;
  const template = await migratedPostgresTemplate(adminUrl);
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name} template ${template}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: 'unused' });
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * What the committed migrations are, as a short hash: a snapshot or template made from other
 * migrations must never be used.
 */
const migrationsKey = (() => {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(migrationsFolder, file);
    if (statSync(path).isFile()) hash.update(file).update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
})();

/**
 * A dump of an in-memory PGlite with every migration applied, made once and kept in the system's
 * temporary folder for the other test files (each runs in a fresh module scope). Starting from it
 * skips PGlite's initdb and the migrations: about 0.5 s per test app instead of 3–4 s.
 */
async function migratedPgliteSnapshot(): Promise<Blob> {
  const file = join(tmpdir(), `signet-pglite-${migrationsKey}.tar`);
  if (!existsSync(file)) {
    const pglite = new PGlite();
    await migratePglite(drizzlePglite(pglite), { migrationsFolder });
    const dump = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
    await pglite.close();
    // Written aside and renamed, so a parallel test file never reads half a dump.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, dump);
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

const templateLockId = 7_316_924;

/**
 * A PostgreSQL database with every migration applied, which each test database is copied from
 * (`create database … template`): a copy takes a fraction of applying 25+ migrations. Made once
 * per set of migrations, under an advisory lock so parallel test files do not race to make it;
 * templates of older migrations are dropped then.
 */
async function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  const template = `signet_template_${migrationsKey}`;
  const exists = async (admin: pg.Client) =>
    (await admin.query('select 1 from pg_database where datname = $1', [template])).rowCount === 1;
  return withAdmin(adminUrl, async (admin) => {
    if (await exists(admin)) return template;
    await admin.query('select pg_advisory_lock($1)', [templateLockId]);
    try {
      if (await exists(admin)) return template;
      const stale = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like 'signet\\_template\\_%'",
      );
      for (const { datname } of stale.rows)
        await admin.query(`drop database if exists ${datname} with (force)`);
      const building = `${template}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        await migratePg(drizzlePg(client), { migrationsFolder });
      } finally {
        await client.end();
      }
      // Renamed only once complete, so nobody copies a half-migrated template.
      await admin.query(`alter database ${building} rename to ${template}`);
      return template;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [templateLockId]);
    }
  });
}

export interface TestApp {
  app: FastifyInstance;
  clock: SettableClock;
  config: Config;
  database: TestDatabase;
  close(): Promise<void>;
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  overrides?: AppOverrides;
  /** Also serve HTTP on a local port (signing reaches the sandbox trust services over HTTP). */
  listen?: boolean;
}

/**
 * The app on a fresh database of the given kind. With `listen`, it also serves HTTP on a local
 * port: signing reaches the trust services (the sandbox in the same app) over HTTP, as in production.
 * Most tests take it with its factories through `useTestApp` (factories.ts).
 */
export async function createTestApp(
  kind: 'pglite' | 'postgres',
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'signet-test-'));
  // Cached CA keys: the sandbox then only issues certificates instead of generating a dozen RSA keys.
  await seedSandboxKeys(dataDir);
  const port = options.listen ? await freePort() : 0;
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: options.listen ? `http://127.0.0.1:${port}` : 'http://signet.test',
      WEB_DIST: join(dataDir, 'no-web'),
      ...options.env,
    }),
    jobPollMs: null,
  };
  const database = await createTestDatabase(kind);
  const clock = new SettableClock();
  const app = await buildApp(config, { clock, database, ...options.overrides });
  await app.ready();
  if (options.listen) await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    clock,
    config,
    database,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json() as T;
}

/** Delivers queued mails (jobs) and returns the outbox, newest first. */
export async function deliveredMails(t: TestApp, to?: string) {
  await t.app.jobs.drain();
  const rows = await t.database.db.select().from(mailOutbox);
  return rows.filter((m) => !to || m.to === to).sort((a, b) => b.id - a.id);
}

/** The first link in the newest mail to `to` that contains `path`. */
export async function linkFromMail(t: TestApp, to: string, path: string): Promise<URL> {
  const mails = await deliveredMails(t, to);
  for (const mail of mails) {
    const match = mail.text.match(new RegExp(`https?://\\S*${path.replace(/\//g, '\\/')}\\S*`));
    if (match) return new URL(match[0]);
  }
  throw new Error(`no mail to ${to} with a link to ${path}`);
}

/** Direct-sign credentials of a visitor signature (spec §3): Basic base64(signerId:linkSecret). */
export const basicFor = (sid: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${sid}:${secret}`).toString('base64')}`,
});

/** What a visitor's newest invitation (or reminder) for a request gives them: both links' secrets. */
export interface VisitorLink {
  sid: string;
  /** The direct-sign secret, from the link's fragment. */
  secret: string;
  /** The send-to link's secret (its last path segment). */
  sendTo: string;
  headers: { authorization: string };
}

export async function visitorLink(t: TestApp, email: string, requestId: string): Promise<VisitorLink> {
  for (const mail of await deliveredMails(t, email)) {
    const signing = new RegExp(`https?://\\S*/view/${requestId}/([0-9a-f-]{36})#([\\w-]+)`).exec(mail.text);
    if (!signing) continue;
    const sendTo = /https?:\/\/\S*\/sendto\/([\w-]+)/.exec(mail.text);
    if (!sendTo) throw new Error(`the mail to ${email} has no send-to link`);
    const [, sid, secret] = signing as unknown as [string, string, string];
    return { sid, secret, sendTo: sendTo[1]!, headers: basicFor(sid, secret) };
  }
  throw new Error(`no mail to ${email} with a signing link for ${requestId}`);
}

/** The password the factories sign people up with; it meets the policy. */
export const strongPassword = 'Correct-horse-7-battery';

/** The shared PDF corpus, where the engine's tests find it (@signet/pdf/corpus). */
export const corpusDir = CORPUS_DIR;

/** A file of the PDF corpus (see its MANIFEST.tsv). */
export const corpus = (name: string): Buffer => Buffer.from(corpusBytes(name));

/** A small one-page PDF from the corpus, as the tests upload it. */
export const samplePdf = corpus('basic-pdf15-libreoffice-writer.pdf');

/** A valid 1 × 1 PNG. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart/form-data body for app.inject. */
export function multipart(
  parts: Array<{ name: string; filename?: string; contentType?: string; content: Buffer | string }>,
): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----signet${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.filename ? `\r\nContent-Type: ${part.contentType ?? 'application/pdf'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const payload = Buffer.concat(chunks);
  return {
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(payload.length),
    },
  };
}
