import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createBusiness, createUser, inviteAndAccept, type TestAccount } from './factories.ts';
import { membershipAnswer } from './stubs.ts';
import { shoot } from './page-shots.ts';
import { api, loginThroughUi, newContext, settled, signedInPage, useBrowser } from './support.ts';

const browser = useBrowser();

/** A business made through the API by a new admin; `member` joins it by accepting an invitation. */
async function joinNewBusiness(member: TestAccount): Promise<void> {
  await inviteAndAccept(await createBusiness('Gatekeepers AG', ['Gate', 'Admin']), member);
}

test('a member who has not accepted the business invitation sees its dialog; accepting records it', async () => {
  const user = await createUser('Invited', 'Member');
  await joinNewBusiness(user);
  const context = await newContext(browser());
  const page = await context.newPage();
  // Members join by accepting now, so only accounts made members before invitations existed are in
  // this state: the user's answer says so until the dialog's accept call is made.
  let accepted = false;
  await page.route('**/api/v1/user', async (route) => {
    const response = await route.fetch();
    const user = (await response.json()) as { attributes: Record<string, unknown> };
    user.attributes.accepted_business_invite = accepted;
    await route.fulfill({ response, json: user });
  });
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/user/accept') && request.postDataJSON()?.accept === 'business_invite')
      accepted = true;
  });
  await page.goto('/login');
  await loginThroughUi(page, user.email, user.password);
  const dialog = page.getByRole('dialog', { name: 'You have been invited' });
  await dialog.waitFor();
  // Focus moves into the dialog, and the page behind does not scroll.
  assert.equal(await dialog.evaluate((element) => element.contains(document.activeElement)), true);
  assert.equal(await page.evaluate(() => document.body.style.overflow), 'hidden');

  const acceptCall = page.waitForRequest(
    (request) =>
      request.url().endsWith('/api/v1/user/accept') && request.postDataJSON()?.accept === 'business_invite',
  );
  await dialog.getByRole('button', { name: 'Accept invitation' }).click();
  await acceptCall;
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
  await joinNewBusiness(user);
  const { context, page } = await signedInPage(browser(), user);
  await page.goto('/business/settings');
  await page.getByText('Only administrators of your business can open this page.').waitFor();
  assert.equal(new URL(page.url()).pathname, '/dashboard');
  await page.goto('/business/billing/plan');
  await page.waitForURL((url) => url.pathname === '/billing');
  await page.getByRole('heading', { name: 'Billing of Gatekeepers AG' }).waitFor();
  await shoot(page, 'billing-member');
  await context.close();
});

test('the admin of a locked business is kept on the members page', async () => {
  const user = await createUser('Locked', 'Admin');
  const context = await newContext(browser());
  const page = await context.newPage();
  // A locked business cannot be made through the API (its billing provider locks it): stubbed.
  await page.route('**/api/v2/businesses/user', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: membershipAnswer('admin', 'BLOCKED'),
    }),
  );
  await page.goto('/login');
  await loginThroughUi(page, user.email, user.password, '/business/members');
  await page.goto('/profile');
  await page.waitForURL((url) => url.pathname === '/business/members');
  // Kept there, the admin is told why and what to do.
  const lock = page.getByRole('alert').filter({ hasText: 'Your business is locked' });
  await lock.waitFor();
  await lock.getByRole('button', { name: 'Pay or update payment method' }).waitFor();
  await shoot(page, 'locked-admin-members');
  await context.close();
});

test('once the admin cancels the trial, a member sees the locked dialog and the admin is kept to the members page', async () => {
  const business = await createBusiness('Cancelled Trial AG', ['Tria', 'Admin']);
  const member = await createUser('Locked', 'Member');
  await inviteAndAccept(business, member);
  const cancelled = await api(`/v1/businesses/${business.id}/cancel-trial`, {
    method: 'POST',
    token: business.admin.token,
  });
  assert.equal(cancelled.status, 200);

  const { context, page } = await signedInPage(browser(), member);
  const dialog = page.getByRole('dialog', { name: 'Your business account is locked' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/login' || url.pathname === '/bye');
  await context.close();

  const admin = await signedInPage(browser(), business.admin);
  await admin.page.goto('/profile');
  await admin.page.waitForURL((url) => url.pathname === '/business/members');
  await admin.context.close();
});

test('a server with the sandbox shows the Test System frame until it is dismissed', async () => {
  const context = await newContext(browser(), { stagingFrame: true });
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
  const context = await newContext(browser());
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
