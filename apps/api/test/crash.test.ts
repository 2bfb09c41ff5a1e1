import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { inspectPdf } from '@signet/pdf';
import { seedSandboxKeys } from '@signet/trust-services/testing';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { corpusDir, freePort, strongPassword } from './helpers.ts';

const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The real server as a separate process, so it can be killed with SIGKILL mid-work. */
function startServer(dataDir: string, port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      WEB_DIST: join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitForHealth(base: string): Promise<void> {
  // A cold start compiles the server with tsx: on a loaded CI machine that took over a minute.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start');
}

describe('a crash in the middle of a signing batch', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'signet-crash-'));
  // Set by the test from a port free at its start (a random one collided on a busy machine).
  let port = 0;
  let base = '';
  let server: ChildProcess | null = null;
  afterAll(() => {
    server?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  const api = async <T>(
    method: string,
    path: string,
    token?: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> => {
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return {
      status: response.status,
      body: (response.headers.get('content-type')?.includes('json')
        ? await response.json()
        : await response.arrayBuffer()) as T,
    };
  };

  async function account(email: string): Promise<string> {
    await api('POST', '/v1/request-confirmation', undefined, { email });
    // The mail job runs on the server's poll; a loaded machine may take a while.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const mails = (await (
        await fetch(`${base}/sandbox/mail.json?to=${encodeURIComponent(email)}`)
      ).json()) as Array<{ text: string }>;
      const token = mails[0] && /token=([\w-]+)/.exec(mails[0].text)?.[1];
      if (token)
        return (
          await api<{ value: string }>('POST', '/v1/register', undefined, {
            token,
            firstName: 'Kim',
            lastName: 'Crash',
            password: strongPassword,
            gtc: true,
          })
        ).body.value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('no confirmation mail');
  }

  it('leaves no corrupt document, keeps requests and documents in step, and signing can be done again', async () => {
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    await seedSandboxKeys(dataDir);
    server = startServer(dataDir, port);
    await waitForHealth(base);
    const owner = await account('owner@example.ch');
    const signer = await account('signer@example.ch');
    const content = readFileSync(`${corpusDir}pdf13-indesign-us-constitution-19p.pdf`).toString('base64');
    const ids: string[] = [];
    // Four requests: within the signer's five free signatures.
    for (let i = 0; i < 4; i++) {
      const created = await api<SignatureRequest>('POST', '/v3/signature-requests', owner, {
        title: `Batch ${i}`,
        documents: [{ title: 'constitution', content }],
        signatures: [{ account_email: 'signer@example.ch' }],
      });
      await api('POST', `/v3/signature-requests/${created.body.id}/initiate`, owner);
      ids.push(created.body.id);
    }

    // Start the batch, and kill the server once the first request is signed.
    void fetch(`${base}/api/v3/sign`, {
      method: 'POST',
      headers: { authorization: `Bearer ${signer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ signatureRequests: ids.map((id) => ({ id })) }),
    }).catch(() => null);
    for (let i = 0; i < 600; i++) {
      const states = await Promise.all(
        ids.map(
          async (id) =>
            (await api<SignatureRequest>('GET', `/v3/signature-requests/${id}`, owner)).body.status_overall,
        ),
      );
      if (states.includes('SIGNED')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    server.kill('SIGKILL');
    await new Promise((resolve) => server!.once('exit', resolve));

    server = startServer(dataDir, port);
    await waitForHealth(base);
    const signedBefore: string[] = [];
    for (const id of ids) {
      const request = (await api<SignatureRequest>('GET', `/v3/signature-requests/${id}`, owner)).body;
      const pdf = new Uint8Array(
        (await api<ArrayBuffer>('GET', `/v3/documents/${request.documents[0]!.id}/download`, owner)).body,
      );
      const info = await inspectPdf(pdf);
      const signedFields = info.signatureFields.filter(
        (f) => f.signed && f.subFilter === 'ETSI.CAdES.detached',
      ).length;
      // The request's state matches its document's signatures, whichever side of the crash it was on.
      expect({ id, signedFields }).toEqual({ id, signedFields: request.status_overall === 'SIGNED' ? 1 : 0 });
      expect(request.documents[0]!.signatureCount).toBe(signedFields);
      if (request.status_overall === 'SIGNED') signedBefore.push(id);
    }
    expect(signedBefore.length).toBeGreaterThan(0);
    expect(signedBefore.length).toBeLessThan(ids.length);

    const rest = ids.filter((id) => !signedBefore.includes(id));
    const retried = await api<{ status: string }>('POST', '/v3/sign', signer, {
      signatureRequests: rest.map((id) => ({ id })),
    });
    expect(retried.status).toBe(200);
    for (const id of ids)
      expect(
        (await api<SignatureRequest>('GET', `/v3/signature-requests/${id}`, owner)).body.status_overall,
      ).toBe('SIGNED');
  }, 300_000);
});
