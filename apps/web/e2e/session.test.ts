import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { api, createUser, launch, loginThroughUi, newContext, pathOf, setMaintenance } from './support.ts';

let browser: Browser;
let user: { email: string; password: string };
before(async () => {
  browser = await launch();
  user = await createUser('Session', 'Tester');
});
after(async () => {
  await setMaintenance(false, false).catch(() => {});
  await browser.close();
});

test('a 401 mid-session logs out and returns to the page after login', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto('/login');
  await loginThroughUi(page, user.email, user.password);
  await page.goto('/profile/change-password');
  await page.getByRole('heading', { name: 'Change password' }).waitFor();

  // The session ends on the server behind the tab's back.
  const token = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem('signet.token') ?? '{}').value as string,
  );
  assert.equal((await api('/v1/logout', { method: 'POST', token })).status, 204);

  await page.getByLabel('Current password').fill(user.password);
  await page.getByLabel('New password').fill('Brand-New-Secret-99');
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.waitForURL(
    (url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/profile/change-password',
  );
  assert.equal(await page.evaluate(() => sessionStorage.getItem('signet.token')), null);

  await loginThroughUi(page, user.email, user.password, '/profile/change-password');
  assert.equal(pathOf(page), '/profile/change-password');
  await context.close();
});

test('a new tab shares the session, and logout in one tab logs out the other', async () => {
  const context = await newContext(browser);
  const first = await context.newPage();
  await first.goto('/login');
  await loginThroughUi(first, user.email, user.password);

  const second = await context.newPage();
  await second.goto('/profile');
  await second.getByRole('heading', { name: 'Your profile' }).waitFor();
  assert.equal(pathOf(second), '/profile');

  await first.goto('/logout');
  await first.waitForURL('**/bye');
  await second.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
  assert.equal(await second.evaluate(() => sessionStorage.getItem('signet.token')), null);
  await context.close();
});

test('maintenance: a banner while it runs, /maintenance while it blocks, back when it ends', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto('/login');
  await loginThroughUi(page, user.email, user.password);

  await setMaintenance(true, false);
  await page.getByText('Maintenance is under way').waitFor({ timeout: 10_000 });

  await setMaintenance(true, true);
  await page.waitForURL('**/maintenance', { timeout: 10_000 });
  await page.getByRole('heading', { name: 'Signet is under maintenance' }).waitFor();

  // The internal-staff cookie exempts from the block.
  await context.addCookies([{ name: 'signet_staff', value: '1', url: page.url() }]);
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'Your profile' }).waitFor();
  await context.clearCookies();

  await page.goto('/maintenance');
  await page.getByRole('heading', { name: 'Signet is under maintenance' }).waitFor();
  await setMaintenance(false, false);
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 10_000 });
  await context.close();
});

test('a 5xx answer sends the browser to /sorry, but a 503 does not', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto('/login');
  await loginThroughUi(page, user.email, user.password);
  await page.goto('/profile/change-password');
  await page.getByLabel('Current password').fill(user.password);
  await page.getByLabel('New password').fill('Brand-New-Secret-99');

  await page.route('**/api/v1/change-password', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"statusCode":503,"code":"MAINTENANCE","message":"m"}',
    }),
  );
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByText('Signet is under maintenance. Please try again shortly.').waitFor();
  assert.equal(pathOf(page), '/profile/change-password');

  await page.unroute('**/api/v1/change-password');
  await page.route('**/api/v1/change-password', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"statusCode":500,"code":"INTERNAL_ERROR","message":"x"}',
    }),
  );
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.waitForURL((url) => url.pathname === '/sorry');
  await page.getByRole('heading', { name: 'Sorry, something went wrong on our side' }).waitFor();
  await context.close();
});
