// Lighthouse performance and accessibility (issues 5 and 6) for /login, /dashboard and /view/{srid}
// (the last two logged in), in the system Chromium, against the server as `npm start` runs it (the
// built web app served by the API). Baseline in the same run: the sandbox mail outbox, a plain
// server-rendered HTML page of the same server.
// Run after `npm run build`: node --import tsx bench/lighthouse.ts — replaces "## Web: Lighthouse".
// LIGHTHOUSE_ONLY=mobile:/dashboard,mobile:/view (profile:page-prefix pairs) runs a subset and only
// prints it, for diagnosis; the section is rewritten only by a full run. LIGHTHOUSE_REPORTS=<folder>
// keeps each run's full report there as JSON (its long tasks, script boot-up and main-thread audits).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { type Config } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer, { type Browser } from 'puppeteer-core';
import { freePort } from '../apps/api/test/helpers';
import { median, writeResultsSection } from './results-section';
import { chromium, seedSignedInUser, signInOnLoad, startWebServer } from './web-server';

const runs = 3;

interface Scores {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
}

/** One Lighthouse run in a fresh tab; a logged-in page gets the session token before its scripts run. */
async function audit(
  browser: Browser,
  url: string,
  config: Config | undefined,
  session?: string,
): Promise<Scores> {
  const page = await browser.newPage();
  try {
    if (session) await signInOnLoad(page, session);
    const result = await lighthouse(
      url,
      { onlyCategories: ['performance', 'accessibility'], disableStorageReset: true, logLevel: 'error' },
      config,
      page,
    );
    const lhr = result!.lhr;
    const reports = process.env.LIGHTHOUSE_REPORTS;
    if (reports) {
      mkdirSync(reports, { recursive: true });
      const name = `${new URL(url).pathname.split('/')[1]}-${lhr.configSettings.formFactor}-${Date.now()}.json`;
      writeFileSync(join(reports, name), JSON.stringify(lhr));
      if (process.env.LIGHTHOUSE_TRACES)
        writeFileSync(
          join(reports, `trace-${name}`),
          JSON.stringify((result!.artifacts as unknown as { Trace: unknown }).Trace),
        );
    }
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? 0;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      fcpMs: Math.round(metric('first-contentful-paint')),
      lcpMs: Math.round(metric('largest-contentful-paint')),
      tbtMs: Math.round(metric('total-blocking-time')),
      cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
      siMs: Math.round(metric('speed-index')),
    };
  } finally {
    await page.close();
  }
}

async function main(): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'signet-bench-lighthouse-'));
  const server = await startWebServer(base, port, dataDir);
  const browser = await puppeteer.launch({
    executablePath: chromium,
    args: ['--no-sandbox', '--headless=new', '--disable-gpu'],
  });
  try {
    const { token, srid } = await seedSignedInUser(base);
    const session = JSON.stringify(token);
    const pages: Array<[string, string, string | undefined]> = [
      ['/sandbox/mail (baseline)', `${base}/sandbox/mail`, undefined],
      ['/login', `${base}/login`, undefined],
      ['/dashboard (logged in)', `${base}/dashboard`, session],
      ['/view/{srid} (logged in)', `${base}/view/${srid}`, session],
    ];
    const rows: string[] = [];
    const profiles: Array<[string, Config | undefined]> = [
      ['desktop', desktopConfig],
      ['mobile', undefined],
    ];
    const only = process.env.LIGHTHOUSE_ONLY?.split(',').map((pair) => pair.split(':') as [string, string]);
    for (const [profile, config] of profiles)
      for (const [name, url, auth] of pages) {
        if (only && !only.some(([p, prefix]) => p === profile && name.startsWith(prefix))) continue;
        const scores: Scores[] = [];
        for (let i = 0; i < runs; i++) scores.push(await audit(browser, url, config, auth));
        const pick = (key: keyof Scores) => median(scores.map((s) => s[key]));
        rows.push(
          `| ${name} | ${profile} | ${pick('performance')} | ${pick('accessibility')} | ${pick('fcpMs')} | ${pick('lcpMs')} | ${pick('tbtMs')} | ${pick('cls')} | ${pick('siMs')} |`,
        );
        console.log(rows.at(-1));
      }
    if (only) return;
    const section = `## Web: Lighthouse

Measured ${new Date().toISOString().slice(0, 10)} with Lighthouse 12 (its desktop preset, and its default mobile profile with simulated
slow-4G and 4× CPU throttling) in the
system Chromium on ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} at the end; median of ${runs} runs per page.
The server runs as \`npm start\` runs it (production build served by the API). Baseline in the same run: the
sandbox mail outbox, a plain HTML page of the same server. \`bench/lighthouse.ts\` reproduces it.

Metrics are medians of each column on its own (Lighthouse's performance score weighs TBT 30 %, LCP and CLS
25 % each, FCP and SI 10 % each).

| page | profile | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | SI ms |
| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${rows.join('\n')}
`;
    await writeResultsSection('## Web: Lighthouse', section);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
