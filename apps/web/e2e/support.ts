import { after, before } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Set by scripts/e2e.mjs: the server under test serves the web app, /api and /sandbox. */
export const baseUrl = process.env.SIGNET_BASE_URL ?? 'http://localhost:3000';

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
}

/**
 * The test file's Chromium: launched before its first test and closed after its last. Call it once
 * at the top of the file; the function it returns gives the browser inside the tests.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is launched before the first test');
    return browser;
  };
}

/**
 * The test file's Chromium (useBrowser) and the contexts its tests open, closed after its last test.
 * `pageAs` gives a page of a new context signed in as `token` (the session the login page would
 * store) without clicking through the login, or a visitor's (null).
 */
export function usePages(): {
  browser: () => Browser;
  contexts: BrowserContext[];
  pageAs: (token: string | null, width?: number) => Promise<Page>;
} {
  const browser = useBrowser();
  const contexts: BrowserContext[] = [];
  after(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
  });
  async function pageAs(token: string | null, width = 1280): Promise<Page> {
    const context = await newContext(browser(), { width });
    contexts.push(context);
    if (token)
      await context.addInitScript((value) => {
        const expiration = new Date(Date.now() + 3_600_000).toISOString();
        sessionStorage.setItem('signet.token', JSON.stringify({ value, expiration }));
      }, token);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
    return page;
  }
  return { browser, contexts, pageAs };
}

/**
 * A context whose pages poll the status page every 300 ms instead of 60 s. The server under test runs
 * with the sandbox, so its pages carry the Test System frame; the contexts start with it dismissed
 * (as a tester would) unless `stagingFrame` is set.
 */
export async function newContext(
  browser: Browser,
  options: { locale?: string; width?: number; stagingFrame?: boolean; deviceScaleFactor?: number } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: options.locale ?? 'en-GB',
    viewport: { width: options.width ?? 1280, height: 900 },
    deviceScaleFactor: options.deviceScaleFactor ?? 1,
  });
  await context.addInitScript(() => {
    window.__SIGNET_CONFIG__ = { statusPollMs: 300 };
  });
  await recordCspViolations(context);
  if (!options.stagingFrame)
    await context.addInitScript(() => {
      // A framed page of another site may have no storage (embedding.test.ts); it shows the frame.
      try {
        localStorage.setItem('hide-staging-alert', '1');
      } catch {
        // Nothing to dismiss it with.
      }
    });
  return context;
}

const violations = new WeakMap<BrowserContext, string[]>();

/**
 * Collects every Content-Security-Policy violation the context's pages report (the browser fires
 * securitypolicyviolation for each blocked script, style, image, connection or frame).
 */
async function recordCspViolations(context: BrowserContext): Promise<void> {
  const seen: string[] = [];
  violations.set(context, seen);
  await context.exposeBinding('__signetCspViolation', (_source, text: string) => seen.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __signetCspViolation: (text: string) => void })
        .__signetCspViolation;
      void report(
        `${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`,
      );
    });
  });
}

/** The CSP violations of a context made by newContext so far (a test asserts there are none). */
export function cspViolations(context: BrowserContext): string[] {
  return violations.get(context) ?? [];
}

export async function api<T = unknown>(
  path: string,
  options: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

interface Mail {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** Waits for the newest mail to `to` whose text links to `path`; returns that link and the mail's text. */
async function newestMailLinking(
  to: string,
  path: string,
  timeoutMs: number,
): Promise<{ link: string; text: string }> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/sandbox/mail.json?to=${encodeURIComponent(to)}`);
    const mails = (await response.json()) as Mail[];
    for (const mail of mails.sort((a, b) => b.createdAt.localeCompare(a.createdAt))) {
      const link = [...mail.text.matchAll(/https?:\/\/\S+/g)]
        .map((m) => m[0])
        .find((url) => url.includes(path));
      if (link) return { link, text: mail.text };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} with a link to ${path}`);
}

/** Waits for the newest mail to `to` whose text links to `path`, and returns that link. */
export async function mailedLink(to: string, path: string, timeoutMs = 20_000): Promise<string> {
  return (await newestMailLinking(to, path, timeoutMs)).link;
}

/** What a visitor's newest invitation to a request gives them (issue 10: secrets only their mail holds). */
export interface VisitorLinks {
  /** /view/{requestId}/{signerId}#{secret}, as mailed. */
  link: string;
  sid: string;
  secret: string;
  /** Their direct-sign credentials: Basic base64(signerId:secret). */
  basic: string;
  /** The send-to link's own secret (/sendto/{secret}). */
  sendTo: string;
}

export async function mailedVisitorLinks(
  to: string,
  requestId: string,
  timeoutMs = 20_000,
): Promise<VisitorLinks> {
  const { link, text } = await newestMailLinking(to, `/view/${requestId}/`, timeoutMs);
  const url = new URL(link);
  const sid = url.pathname.split('/').at(-1) ?? '';
  const secret = url.hash.slice(1);
  const sendTo = /\/sendto\/([\w-]+)/.exec(text)?.[1] ?? '';
  if (!secret || !sendTo) throw new Error(`the mail to ${to} lacks a link secret or a send-to link`);
  return { link, sid, secret, basic: `Basic ${Buffer.from(`${sid}:${secret}`).toString('base64')}`, sendTo };
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** A new context and page, signed in through the login page (which lands on the dashboard). */
export async function signedInPage(
  browser: Browser,
  user: { email: string; password: string },
  options: { width?: number; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  await page.goto('/login');
  await loginThroughUi(page, user.email, user.password);
  return { context, page };
}

/** Makes the page's calls to `url` (a glob) get the API's JSON error answer with this status and code. */
export async function answerWithError(page: Page, url: string, status: number, code: string): Promise<void> {
  await page.route(url, (route) =>
    route.fulfill({
      status,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: status, code, message: 'x' }),
    }),
  );
}

/** Logs in through the login page and waits for the dashboard (or the remembered page). */
export async function loginThroughUi(
  page: Page,
  email: string,
  password: string,
  expectPath = '/dashboard',
): Promise<void> {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === expectPath, { timeout: 15_000 });
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits until the URL stops changing (redirects done) and a page heading is shown. */
export async function settled(page: Page): Promise<void> {
  await page.waitForSelector('#page-title', { timeout: 15_000 });
  let last = page.url();
  for (let i = 0; i < 10; i++) {
    await page.waitForTimeout(60);
    if (page.url() === last) return;
    last = page.url();
  }
}

export async function setMaintenance(active: boolean, blocking: boolean): Promise<void> {
  const result = await api('/test/maintenance', { method: 'POST', body: { active, blocking } });
  if (result.status !== 204) throw new Error(`maintenance: ${result.status}`);
}
