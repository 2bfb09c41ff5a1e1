/* global fetch, setTimeout, clearTimeout */
// End-to-end tests: starts the real server on a free port with a fresh data directory, runs the
// Playwright tests in apps/web/e2e with node's test runner, and always stops the server.
// Expects `npm run build` to have produced apps/web/dist. Exits non-zero when a test failed.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const e2eDir = join(root, 'apps/web/e2e');

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(url, server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`server exited with ${server.exitCode} before it was healthy`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms`);
}

function stop(child) {
  return new Promise((resolveStop) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolveStop();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveStop();
    });
    child.kill('SIGTERM');
  });
}

const port = await freePort();
// Business domain verification asks a DNS server the browser tests run on loopback (e2e/loopback-dns.ts).
const dnsPort = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'signet-e2e-'));
const baseUrl = `http://localhost:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    NODE_ENV: 'test',
    // The whole suite signs many people up from one address; the per-address mail limit is for the wild.
    MAIL_LIMIT_PER_ADDRESS: '1000',
    DNS_SERVERS: `127.0.0.1:${dnsPort}`,
    LOG_LEVEL: 'warn',
    // The webhook tests' receivers listen on loopback, which Signet refuses by default (SSRF).
    OUTBOUND_ALLOW_PRIVATE_ADDRESSES: 'on',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

/**
 * Browser test files that change what the whole server does for a while, so no other file may run
 * beside them: the payments sandbox's clock (billing-trial), the QTSP
 * sandbox's clock (signing: an expiring code), maintenance mode (session: every page goes to
 * /maintenance while it blocks) and the one loopback DNS server's port (domains, SSO).
 */
const serialFiles = new Set([
  'billing-trial.test.ts',
  'signing.test.ts',
  'session.test.ts',
  'business-domains.test.ts',
  'business-journey.test.ts',
  'sso.test.ts',
]);
/** How many other browser test files run side by side (E2E_CONCURRENCY, default 2). */
const sideBySide = Number(process.env.E2E_CONCURRENCY ?? 2);

function runTests(names, concurrency) {
  const tests = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      `--test-concurrency=${concurrency}`,
      ...names.map((name) => join(e2eDir, name)),
    ],
    {
      cwd: root,
      env: { ...process.env, SIGNET_BASE_URL: baseUrl, SIGNET_DNS_PORT: String(dnsPort) },
      stdio: 'inherit',
    },
  );
  return new Promise((resolveTests) => tests.once('exit', (code) => resolveTests(code ?? 1)));
}

let exitCode = 1;
try {
  await waitForHealth(`${baseUrl}/api/health`, server, 180_000);
  console.log(`server ready at ${baseUrl}`);
  // Every browser test starts from a deep link; without the SPA fallback they would all time out.
  const deepLink = await fetch(`${baseUrl}/login`);
  if (deepLink.status !== 200 || !(deepLink.headers.get('content-type') ?? '').includes('text/html')) {
    throw new Error(
      `the server does not serve the web app at /login (status ${deepLink.status}); is apps/web/dist built and the SPA fallback working?`,
    );
  }
  const only = process.argv.slice(2);
  const files = readdirSync(e2eDir)
    .filter((name) => name.endsWith('.test.ts'))
    .filter((name) => only.length === 0 || only.some((wanted) => name.includes(wanted)));
  // Two browser test files at a time: most of a test's time is waiting for the server (signing,
  // mails), so two overlap well on two cores. The files that move a clock of the shared server or
  // answer on the one loopback DNS port run afterwards, alone.
  const runAlone = files.filter((name) => serialFiles.has(name));
  const runTwoAtATime = files.filter((name) => !serialFiles.has(name));
  exitCode = 0;
  for (const [group, concurrency] of [
    [runTwoAtATime, sideBySide],
    [runAlone, 1],
  ]) {
    if (group.length === 0) continue;
    const code = await runTests(group, concurrency);
    if (code !== 0) exitCode = code;
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
