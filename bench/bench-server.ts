import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { seedSandboxKeys } from '../packages/trust-services/src/testing';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createTestDatabase, freePort } from '../apps/api/test/helpers';
import { postJson } from './post-json';

/** A Signet process for a benchmark: the API and the sandbox on a free local port, a fresh database. */
export interface BenchServer {
  app: Awaited<ReturnType<typeof buildApp>>;
  /** The server's origin, e.g. http://127.0.0.1:41234. */
  base: string;
  /** The process's data folder (its sandbox state: CA keys, issued certificates). */
  dataDir: string;
  close(): Promise<void>;
}

export async function startBenchServer(kind: 'pglite' | 'postgres'): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'signet-bench-'));
  await seedSandboxKeys(dataDir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: base,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
    }),
    jobPollMs: 200,
  };
  const database = await createTestDatabase(kind);
  const app = await buildApp(config, { database });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    base,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs up `email` through the public calls (the confirmation mail from the sandbox outbox) with
 * `freeSignatures` free signatures; returns the session token.
 */
export async function signUpBenchUser(
  server: BenchServer,
  email: string,
  freeSignatures: number,
): Promise<string> {
  const { app, base } = server;
  await postJson(base, '/v1/request-confirmation', { email });
  await app.jobs.drain();
  const mail = (await (await fetch(`${base}/sandbox/mail.json?to=${email}`)).json()) as Array<{
    text: string;
  }>;
  const signupToken = /token=([\w-]+)/.exec(mail[0]!.text)![1];
  const registered = await postJson(base, '/v1/register', {
    token: signupToken,
    firstName: 'Bea',
    lastName: 'Bench',
    password: 'Quiet-harbour-42',
    gtc: true,
  });
  if (typeof registered.value !== 'string') throw new Error(`register: ${JSON.stringify(registered)}`);
  await app.database.db.execute(
    sql`update users set attributes = jsonb_set(attributes, '{free_signatures_remaining}', ${String(freeSignatures)}::jsonb) where email = ${email}`,
  );
  return registered.value;
}
