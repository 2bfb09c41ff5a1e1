import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { loginToken } from './login-token.ts';
import { api, createUser, launch, loginThroughUi, newContext, settled } from './support.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser.close();
});

/** A locked business cannot be made through the API (its billing provider locks it), so that answer is stubbed. */
const membership = (role: 'admin' | 'member', paymentMethod = 'STRIPE') =>
  JSON.stringify({ id: 'b1', name: 'Acme AG', role, billing: { paymentMethod } });

/** A business made through the API by a new admin, with `member` added as a member (not yet accepted). */
async function addToNewBusiness(member: { email: string }): Promise<void> {
  const admin = await createUser('Gate', 'Admin');
  const token = await loginToken(admin.email, admin.password);
  const business = await api<{ id: string }>('/v2/businesses', {
    method: 'POST',
    token,
    body: { name: 'Gatekeepers AG', email: admin.email, gtc: true },
  });
  assert.equal(business.status, 201, JSON.stringify(business.body));
  const added = await api(`/v1/businesses/${business.body.id}/members`, {
    method: 'POST',
    token,
    body: { users: [{ email: member.email }] },
  });
  assert.equal(added.status, 200, JSON.stringify(added.body));
}

test('an invited member sees the invitation dialog; accepting it records the acceptance', async () => {
  const user = await createUser('Invited', 'Member');
  await addToNewBusiness(user);
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto('/login');
  await loginThroughUi(page, user.email, user.password);
  const dialog = page.getByRole('dialog', { name: 'You have been invited' });
  await dialog.waitFor();
  // Focus moves into the dialog, and the page behind does not scroll.
  assert.equal(await dialog.evaluate((element) => element.contains(document.activeElement)), true);
  assert.equal(await page.evaluate(() => document.body.style.overflow), 'hidden');

  const accepted = page.waitForRequest(
    (request) =>
      request.url().endsWith('/api/v1/user/accept') && request.postDataJSON()?.accept === 'business_invite',
  );
  await dialog.getByRole('button', { name: 'Accept invitation' }).click();
  await accepted;
  await dialog.waitFor({ state: 'hidden' });
  assert.equal(await page.evaluate(() => document.body.style.overflow), '');
  // The user now has accepted: the gate stays quiet on the next page.
  await page.goto('/profile');
  await settled(page);
  assert.equal(await page.getByRole('dialog').count(), 0);
  await context.close();
});

test('a member on an admin page is sent home with business.not_allowed; billing settings lead to /billing', async () => {
  const user = await createUser('Plain', 'Member');
  await addToNewBusiness(user);
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto('/login');
  await loginThroughUi(page, user.email, user.password);
  await page.getByRole('button', { name: 'Later' }).click();
  await page.goto('/business/settings');
  await page.getByText('Only administrators of your business can open this page.').waitFor();
  assert.equal(new URL(page.url()).pathname, '/dashboard');
  await page.goto('/business/billing/plan');
  await page.waitForURL((url) => url.pathname === '/billing');
  await context.close();
});

test('the admin of a locked business is kept on the members page', async () => {
  const user = await createUser('Locked', 'Admin');
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.route('**/api/v2/businesses/user', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: membership('admin', 'BLOCKED') }),
  );
  await page.goto('/login');
  await loginThroughUi(page, user.email, user.password, '/business/members');
  await page.goto('/profile');
  await page.waitForURL((url) => url.pathname === '/business/members');
  await context.close();
});

test('a server with the sandbox shows the Test System frame until it is dismissed', async () => {
  const context = await newContext(browser, { stagingFrame: true });
  const page = await context.newPage();
  await page.goto('/login');
  const frame = page.getByTestId('staging-frame');
  await frame.waitFor();
  assert.match(await frame.innerText(), /Test System/);
  await page.getByRole('button', { name: 'Hide the test system notice' }).click();
  await frame.waitFor({ state: 'detached' });
  await page.reload();
  await page.getByRole('heading', { level: 1 }).waitFor();
  assert.equal(await frame.count(), 0, 'the dismissal is remembered');
  await context.close();
});

test('the keyboard reaches the skip link first, and it leads to the content', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto('/bye');
  await settled(page);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to content');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'main-content');
  // Onwards the content itself: the page's one action.
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Log in again');
  await context.close();
});
