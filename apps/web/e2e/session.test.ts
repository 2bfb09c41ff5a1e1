import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createUser, type TestAccount } from './factories.ts';
import {
  answerWithError,
  api,
  loginThroughUi,
  pathOf,
  setMaintenance,
  signedInPage,
  useBrowser,
} from './support.ts';

const browser = useBrowser();
let user: TestAccount;
before(async () => {
  user = await createUser('Session', 'Tester');
});
after(async () => {
  await setMaintenance(false, false).catch(() => {});
});

test('a 401 mid-session logs out and returns to the page after login', async () => {
  const { context, page } = await signedInPage(browser(), user);
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
  const { context, page: first } = await signedInPage(browser(), user);

  const second = await context.newPage();
  await second.goto('/profile');
  await second.getByRole('heading', { name: 'Profile', exact: true, level: 1 }).waitFor();
  assert.equal(pathOf(second), '/profile');

  await first.goto('/logout');
  await first.waitForURL('**/bye');
  await second.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
  assert.equal(await second.evaluate(() => sessionStorage.getItem('signet.token')), null);
  await context.close();
});

test('maintenance: a banner while it runs, /maintenance while it blocks, back when it ends', async () => {
  const { context, page } = await signedInPage(browser(), user);

  await setMaintenance(true, false);
  await page.getByText('Maintenance is under way').waitFor({ timeout: 10_000 });

  await setMaintenance(true, true);
  await page.waitForURL('**/maintenance', { timeout: 10_000 });
  await page.getByRole('heading', { name: 'Signet is under maintenance' }).waitFor();

  // The internal-staff cookie exempts from the block.
  await context.addCookies([{ name: 'signet_staff', value: '1', url: page.url() }]);
  await page.goto('/profile');
  await page.getByRole('heading', { name: 'Profile', exact: true, level: 1 }).waitFor();
  await context.clearCookies();

  await page.goto('/maintenance');
  await page.getByRole('heading', { name: 'Signet is under maintenance' }).waitFor();
  await setMaintenance(false, false);
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 10_000 });
  await context.close();
});

test('a 5xx answer sends the browser to /sorry, but a 503 does not', async () => {
  const { context, page } = await signedInPage(browser(), user);
  await page.goto('/profile/change-password');
  await page.getByLabel('Current password').fill(user.password);
  await page.getByLabel('New password').fill('Brand-New-Secret-99');

  await answerWithError(page, '**/api/v1/change-password', 503, 'MAINTENANCE');
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByText('Signet is under maintenance. Please try again shortly.').waitFor();
  assert.equal(pathOf(page), '/profile/change-password');

  await page.unroute('**/api/v1/change-password');
  await answerWithError(page, '**/api/v1/change-password', 500, 'INTERNAL_ERROR');
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.waitForURL((url) => url.pathname === '/sorry');
  await page.getByRole('heading', { name: 'Sorry, something went wrong on our side' }).waitFor();
  await context.close();
});
