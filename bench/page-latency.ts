// Time to content on a slow network: how long after navigation a signed-in page shows what it is
// for (/dashboard its first request, /view/{srid} the request's title), in the system Chromium with
// 150 ms added to every request (a mobile network's round trip) and no CPU throttling, so that the
// figures count round trips, not rendering. Baseline in the same run and conditions: the sandbox mail
// outbox, a plain server-rendered page of the same server.
// Run after `npm run build`: node --import tsx bench/page-latency.ts — replaces its section of
// bench/RESULTS.md. PAGE_LATENCY_BUILDS=<folder>,<folder> measures several builds of the web app
// (each served as WEB_DIST), one after the other in the same run, to compare a change.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { freePort } from '../apps/api/test/helpers';
import { machineLines, median, writeResultsSection } from './results-section';
import { chromium, seedSignedInUser, signInOnLoad, startWebServer } from './web-server';

const roundTripMs = 150;
const runs = 7;
const builds = (process.env.PAGE_LATENCY_BUILDS ?? 'apps/web/dist').split(',');

/** Milliseconds from navigation until `text` is on the page, in a fresh tab with `session` stored. */
async function timeToText(browser: Browser, url: string, text: string, session?: string): Promise<number> {
  const page = await browser.newPage();
  try {
    const cdp = await page.createCDPSession();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: roundTripMs,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    if (session) await signInOnLoad(page, session);
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    // performance.now() counts from the navigation's start.
    const shownAt = await page.waitForFunction(
      (wanted: string) => {
        const doc = (globalThis as unknown as { document: { body?: { innerText: string } } }).document;
        return doc.body?.innerText.includes(wanted) ? performance.now() : false;
      },
      { polling: 'raf', timeout: 30_000 },
      text,
    );
    return Math.round((await shownAt.jsonValue()) as number);
  } finally {
    await page.close();
  }
}

async function measureBuild(browser: Browser, build: string): Promise<string[]> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'signet-bench-latency-'));
  process.env.WEB_DIST = build;
  const server = await startWebServer(base, port, dataDir);
  try {
    const { token, srid } = await seedSignedInUser(base);
    const session = JSON.stringify(token);
    const pages: Array<[string, string, string, string | undefined]> = [
      ['/sandbox/mail (baseline)', `${base}/sandbox/mail`, 'lighthouse@example.ch', undefined],
      ['/dashboard: the first request', `${base}/dashboard`, 'Lighthouse lease', session],
      ['/view/{srid}: the request title', `${base}/view/${srid}`, 'Lighthouse lease', session],
    ];
    const rows: string[] = [];
    for (const [name, url, text, auth] of pages) {
      await timeToText(browser, url, text, auth); // warms the server and the browser's code cache
      const times: number[] = [];
      for (let i = 0; i < runs; i++) times.push(await timeToText(browser, url, text, auth));
      rows.push(`| ${build} | ${name} | ${median(times)} | ${Math.min(...times)} | ${Math.max(...times)} |`);
      console.log(rows.at(-1));
    }
    return rows;
  } finally {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const browser = await puppeteer.launch({
    executablePath: chromium,
    args: ['--no-sandbox', '--headless=new', '--disable-gpu'],
  });
  const rows: string[] = [];
  try {
    for (const build of builds) rows.push(...(await measureBuild(browser, build)));
  } finally {
    await browser.close();
  }
  await writeResultsSection(
    '## Web: time to content at 150 ms round trips',
    `## Web: time to content at 150 ms round trips

${machineLines().join('\n')} Chromium with ${roundTripMs} ms added to every request (DevTools network
emulation) and no CPU throttling; milliseconds from navigation until the text is on the page, median of
${runs} runs in fresh tabs after one warm-up. Baseline in the same run: the sandbox mail outbox, a plain
server-rendered page of the same server. \`bench/page-latency.ts\` reproduces it.

| build | page: what is shown | median ms | min | max |
| --- | --- | ---: | ---: | ---: |
${rows.join('\n')}
`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
