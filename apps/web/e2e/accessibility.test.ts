import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seriousViolations } from './axe.ts';
import { createUser } from './factories.ts';
import { loginThroughUi, newContext, settled, useBrowser } from './support.ts';

const browser = useBrowser();

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
    const context = await newContext(browser(), { width });
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
