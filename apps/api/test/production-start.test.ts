import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { seedSandboxKeys } from '@signet/trust-services/testing';
import { freePort, strongPassword } from './helpers.ts';
import { productionSettings } from './production-settings.ts';

const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Only what a shell needs: the test's own settings (DATABASE_URL...) must not leak into "defaults". */
const bareEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir() };

interface Started {
  port: number;
  output: () => string;
  exited: Promise<number | null>;
  stop: () => Promise<void>;
}

/** The real server entry point (what `npm start` runs after the build) as its own process. */
async function startServer(env: Record<string, string>): Promise<Started> {
  // A port free now: a random one collided with other servers on a busy machine.
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    env: { ...bareEnv, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    port,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The exit code, or 'still running' (then stopped) when the server did not refuse within the time. */
async function exitCode(server: Started, withinMs = 30_000): Promise<number | null | 'still running'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'still running'>((resolve) => {
    timer = setTimeout(() => resolve('still running'), withinMs);
  });
  const result = await Promise.race([server.exited, late]);
  clearTimeout(timer);
  if (result === 'still running') await server.stop();
  return result;
}

/** A fresh data folder migrates its database first: minutes on a busy two-core machine. */
async function waitForHealth(server: Started): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${server.port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not start:\n${server.output()}`);
}

describe('starting the real server', () => {
  const dataDirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'signet-start-'));
    dataDirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses NODE_ENV=production with the defaults, one line per missing setting', async () => {
    const server = await startServer({ NODE_ENV: 'production', DATA_DIR: dataDir() });
    expect(await exitCode(server)).toBe(1);
    const output = server.output();
    expect(output).toContain('Refusing to start in production');
    // Every documented setting but NODE_ENV is missing (config.test.ts checks the exact lines).
    for (const setting of Object.keys(productionSettings).filter((name) => name !== 'NODE_ENV'))
      expect(output).toMatch(new RegExp(`^  ${setting}: .+$`, 'm'));
    // No stack trace: the operator reads the lines, not the code.
    expect(output).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('refuses a production sandbox without an access secret', async () => {
    const server = await startServer({
      NODE_ENV: 'production',
      DATA_DIR: dataDir(),
      PUBLIC_URL: 'https://demo.example.ch',
      SANDBOX: 'on',
    });
    expect(await exitCode(server)).toBe(1);
    expect(server.output()).toMatch(/^ {2}SANDBOX_ACCESS_SECRET: .+$/m);
  }, 60_000);

  it('starts with the documented production settings, the sandbox off', async () => {
    const server = await startServer({ ...productionSettings, DATA_DIR: dataDir(), LOG_LEVEL: 'warn' });
    try {
      await waitForHealth(server);
      const base = `http://127.0.0.1:${server.port}`;
      for (const path of [
        '/sandbox/mail',
        '/sandbox/sms.json',
        '/sandbox/control',
        '/sandbox/trust-list.pem',
        '/sandbox/ident/sessions/ids_abcdefghijklmnopqr/token',
        '/sandbox/id-austria/.well-known/openid-configuration',
        '/sandbox/payments/v1/customers',
      ])
        expect((await fetch(`${base}${path}`)).status, path).toBe(404);
    } finally {
      await server.stop();
    }
  }, 300_000);

  it('starts for development with the sandbox on: a newcomer on localhost confirms from /sandbox/mail', async () => {
    const dir = dataDir();
    // Cached CA keys: the sandbox then issues certificates instead of generating RSA keys meanwhile.
    await seedSandboxKeys(dir);
    const server = await startServer({ DATA_DIR: dir, LOG_LEVEL: 'warn', WEB_DIST: join(dir, 'no-web') });
    try {
      await waitForHealth(server);
      const base = `http://127.0.0.1:${server.port}`;
      // One line tells how others reach the sandbox; the secret is the one kept in the data folder.
      const notice = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('Sandbox on:'));
      expect(notice).toHaveLength(1);
      const secret = readFileSync(join(dir, 'secrets', 'sandbox-access-secret'), 'utf8').trim();
      expect(notice[0]).toContain(secret);

      const email = 'newcomer@example.ch';
      const asked = await fetch(`${base}/api/v1/request-confirmation`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      expect(asked.status).toBe(204);
      let link: string | undefined;
      for (let i = 0; i < 100 && !link; i++) {
        const page = await (await fetch(`${base}/sandbox/mail`)).text();
        link = /href="(http[^"]*\/signup\/confirm[^"]*)"/.exec(page)?.[1];
        if (!link) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const token = new URL(link!.replace(/&amp;/g, '&')).searchParams.get('token');
      const registered = await fetch(`${base}/api/v1/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          token,
          firstName: 'Nia',
          lastName: 'Newcomer',
          password: strongPassword,
          gtc: true,
        }),
      });
      expect(registered.status).toBe(201);
    } finally {
      await server.stop();
    }
  }, 300_000);
});
