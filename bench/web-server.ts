// The server as `npm start` runs it (the built web app served by the API, WEB_DIST if set) and a
// signed-in user with a request to sign, for the benchmarks that load pages in Chromium.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'puppeteer-core';
import { postJson } from './post-json';

const root = fileURLToPath(new URL('..', import.meta.url));
const corpusPdf = join(root, '../shared/pdf-corpus/basic-pdf15-libreoffice-writer.pdf');
export const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Starts Signet on `port` with its data in `dataDir` and waits until it is healthy. */
export async function startWebServer(base: string, port: number, dataDir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: base, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    if ((await fetch(`${base}/api/health`).catch(() => null))?.ok) return server;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy');
}

/**
 * Signs a user up through the real mail flow and creates a sent request they must sign (titled
 * `Lighthouse lease`); the token is what the web app keeps in session storage.
 */
export async function seedSignedInUser(
  base: string,
): Promise<{ token: { value: string; expiration: string }; srid: string }> {
  const call = (path: string, body: unknown, bearer?: string) => postJson(base, path, body, bearer);
  const email = 'lighthouse@example.ch';
  await call('/v1/request-confirmation', { email });
  let signupToken: string | undefined;
  for (let i = 0; i < 100 && !signupToken; i++) {
    const mails = (await (await fetch(`${base}/sandbox/mail.json?to=${email}`)).json()) as Array<{
      text: string;
    }>;
    signupToken = /token=([\w-]+)/.exec(mails[0]?.text ?? '')?.[1];
    if (!signupToken) await new Promise((r) => setTimeout(r, 200));
  }
  const token = (await call('/v1/register', {
    token: signupToken,
    firstName: 'Lara',
    lastName: 'Lighthouse',
    password: 'Quiet-harbour-42',
    gtc: true,
  })) as { value: string; expiration: string };
  const created = await call(
    '/v3/signature-requests',
    {
      title: 'Lighthouse lease',
      documents: [{ title: 'lease', content: readFileSync(corpusPdf).toString('base64') }],
      quality: 'aes',
      signatures: [{ account_email: email, visual_signatures: [{ position: { page: 1, x: 50, y: 600 } }] }],
    },
    token.value,
  );
  await call(`/v3/signature-requests/${String(created.id)}/initiate`, {}, token.value);
  return { token, srid: String(created.id) };
}

/** Gives the tab the session token (what the web app keeps after a login) before the page's scripts run. */
export async function signInOnLoad(page: Page, session: string): Promise<void> {
  await page.evaluateOnNewDocument(
    // Runs in the page, where sessionStorage exists (bench is type-checked without the DOM library).
    (value: string) =>
      (
        globalThis as unknown as { sessionStorage: { setItem(k: string, v: string): void } }
      ).sessionStorage.setItem('signet.token', value),
    session,
  );
}
