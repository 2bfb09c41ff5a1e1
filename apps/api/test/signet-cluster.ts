import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedSandboxKeys } from '@signet/trust-services/testing';
import { freePort } from './helpers.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** Round-robin over the backends, as a load balancer without affinity would spread callers. */
async function startProxy(ports: number[]): Promise<{ server: Server; url: string; served: number[] }> {
  const served = ports.map(() => 0);
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const index = next++ % ports.length;
    served[index]! += 1;
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: ports[index],
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(upstream);
  });
  // Idle client connections are closed by the client (fetch: after 4 s), never by the proxy: when
  // both time out at once, as on a loaded machine, the client reuses a socket the proxy has just
  // closed and its call fails with ECONNRESET (a load balancer's idle timeout outlasts its clients').
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, served };
}

async function waitForReady(base: string, child: ChildProcess): Promise<void> {
  // A cold start compiles the server with tsx: on a loaded machine that can take a minute.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Signet at ${base} exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Signet at ${base} did not get ready`);
}

export interface SignetCluster {
  /** The proxy's address: every call goes through it. */
  url: string;
  /** Requests each process answered through the proxy. */
  served: number[];
  close(): Promise<void>;
}

/**
 * `count` Signet processes started as `npm run serve` starts one, on one PostgreSQL and one bucket,
 * behind a round-robin proxy. They share the data folder's generated secrets (as a deployment shares
 * them through its environment) and the trust services of the first process (one QTSP for all).
 */
export async function startSignetCluster(
  count: number,
  env: Record<string, string> & { DATABASE_URL: string },
): Promise<SignetCluster> {
  const dataDir = mkdtempSync(join(tmpdir(), 'signet-cluster-'));
  await seedSandboxKeys(dataDir);
  const ports: number[] = [];
  for (let i = 0; i < count; i++) ports.push(await freePort());
  const proxy = await startProxy(ports);
  const children: ChildProcess[] = [];
  const start = (port: number) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: proxy.url,
        TRUST_SERVICES_URL: `http://127.0.0.1:${ports[0]}/sandbox`,
        WEB_DIST: join(dataDir, 'no-web'),
        ...env,
      },
      // SCALEOUT_DEBUG=1 shows the processes' own logs (pino writes to stdout).
      stdio: ['ignore', process.env.SCALEOUT_DEBUG ? 'inherit' : 'ignore', 'inherit'],
    });
    children.push(child);
    return waitForReady(`http://127.0.0.1:${port}`, child);
  };
  const close = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await new Promise((resolve) => proxy.server.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // The first writes the installation's secrets into the data folder; the others read them.
    await start(ports[0]!);
    await Promise.all(ports.slice(1).map(start));
  } catch (error) {
    await close();
    throw error;
  }
  return { url: proxy.url, served: proxy.served, close };
}

/** One API call through the cluster's proxy (or any Signet origin): JSON in, JSON or bytes out. */
export async function callApi<T>(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    body: (type.includes('json') ? await response.json() : new Uint8Array(await response.arrayBuffer())) as T,
  };
}
