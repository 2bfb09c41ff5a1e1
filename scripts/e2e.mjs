/* global fetch, setTimeout, clearTimeout, Buffer */
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
 * beside them: the payments sandbox's clock (billing-trial), the QTSP sandbox's clock (signing: an
 * expiring code) and maintenance mode (session: every page goes to /maintenance while it blocks).
 */
const aloneFiles = new Set(['billing-trial.test.ts', 'signing.test.ts', 'session.test.ts']);
/**
 * Files that answer on the one loopback DNS port (business domains, SSO): any other file may run
 * beside one of them, but never two of them at once.
 */
const dnsPortFiles = new Set(['business-domains.test.ts', 'business-journey.test.ts', 'sso.test.ts']);
/** How many browser test files run side by side (E2E_CONCURRENCY, default 2). */
const sideBySide = Number(process.env.E2E_CONCURRENCY ?? 2);

/**
 * Runs one test file in its own node --test process. Its output is held until it ends and then
 * printed whole, so that two files running side by side do not interleave their lines.
 */
function runFile(name) {
  const started = Date.now();
  const tests = spawn(process.execPath, ['--import', 'tsx', '--test', join(e2eDir, name)], {
    cwd: root,
    env: { ...process.env, SIGNET_BASE_URL: baseUrl, SIGNET_DNS_PORT: String(dnsPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  tests.stdout.on('data', (chunk) => output.push(chunk));
  tests.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolveFile) =>
    tests.once('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`\n== ${name} (${seconds} s, exit ${code})\n${Buffer.concat(output)}`);
      resolveFile(code ?? 1);
    }),
  );
}

/**
 * Runs the files `slots` at a time, each started as soon as a slot is free, taking the first waiting
 * file that may run beside those running (never two on the DNS port). Answers the names that failed.
 */
async function runFiles(names, slots) {
  const waiting = [...names];
  const running = new Set();
  const failed = [];
  await new Promise((allDone) => {
    const startNext = () => {
      if (waiting.length === 0 && running.size === 0) return allDone();
      while (running.size < slots) {
        const dnsBusy = [...running].some((name) => dnsPortFiles.has(name));
        const index = waiting.findIndex((name) => !(dnsBusy && dnsPortFiles.has(name)));
        if (index < 0) return;
        const [name] = waiting.splice(index, 1);
        running.add(name);
        void runFile(name).then((code) => {
          running.delete(name);
          if (code !== 0) failed.push(name);
          startNext();
        });
      }
    };
    startNext();
  });
  return failed;
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
  // mails), so two overlap well on two cores. The files on the DNS port go first, so that they
  // spread over the run; those that move a clock of the shared server or block it run last, alone.
  const byDnsFirst = (a, b) => Number(dnsPortFiles.has(b)) - Number(dnsPortFiles.has(a));
  const sideBySideFiles = files.filter((name) => !aloneFiles.has(name)).sort(byDnsFirst);
  const failed = [
    ...(await runFiles(sideBySideFiles, sideBySide)),
    ...(await runFiles(
      files.filter((name) => aloneFiles.has(name)),
      1,
    )),
  ];
  console.log(
    failed.length === 0
      ? `\nall ${files.length} browser test files passed`
      : `\n${failed.length} of ${files.length} browser test files failed: ${failed.join(', ')}`,
  );
  exitCode = failed.length === 0 ? 0 : 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
