import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createUser, launch, loginThroughUi, newContext, settled } from './support.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser.close();
});

const pages = [
  '/login',
  '/signup',
  '/signup/steps?token=0123456789abcdef0123',
  '/signup/mail-sent',
  '/signup/confirm',
  '/password-reset',
  '/password-reset/new?token=0123456789abcdef0123',
  '/password-reset/mail-sent',
  '/password-reset/confirm',
  '/sso/error',
  '/sso/error/company',
  '/business/signup',
  '/bye',
  '/expired',
  '/cookiesblocked',
  '/sorry',
  '/maintenance',
  '/no/such/page',
];

for (const width of [1280, 390]) {
  test(`no serious or critical axe violations at ${width} px`, async () => {
    const context = await newContext(browser, { width });
    const page = await context.newPage();
    const problems: string[] = [];
    for (const path of pages) {
      await page.goto(path);
      await settled(page);
      for (const problem of await seriousViolations(page)) problems.push(`${path}: ${problem}`);
    }
    const user = await createUser('Axe', 'Checker');
    await page.goto('/login');
    await loginThroughUi(page, user.email, user.password);
    for (const path of ['/dashboard', '/profile', '/profile/change-password', '/business/register']) {
      await page.goto(path);
      await settled(page);
      for (const problem of await seriousViolations(page)) problems.push(`${path}: ${problem}`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  });
}
