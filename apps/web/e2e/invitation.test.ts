import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seriousViolations } from './axe.ts';
import {
  createBusiness,
  createUser,
  invitationSecret,
  invite,
  loginToken,
  testPassword,
} from './factories.ts';
import { api, mailedLink, newContext, pathOf, uniqueEmail, useBrowser } from './support.ts';

const browser = useBrowser();

test('someone without an account opens a business invitation, signs up, and accepts it', async () => {
  const business = await createBusiness('Invitees AG', ['Ivy', 'Admin']);
  const email = uniqueEmail('invitee');
  await invite(business, [email]);

  // The invitation mail's link, opened by somebody who has no account yet.
  const context = await newContext(browser());
  const page = await context.newPage();
  const secret = await invitationSecret(email);
  await page.goto(`/invite/${secret}`);
  await page.getByRole('heading', { level: 1, name: 'Business invitation' }).waitFor();
  await page.getByText('You have been invited to join a business on Signet.').waitFor();
  assert.deepEqual(await seriousViolations(page), []);
  // The keyboard reaches both ways on.
  await page.getByRole('button', { name: 'Log in' }).focus();
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Create an account');
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/signup');

  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  await page.waitForURL('**/signup/mail-sent');
  // The confirmation link opens in a new tab, as a mail program would open it.
  const confirm = await context.newPage();
  await confirm.goto(await mailedLink(email, '/signup/confirm'));
  await confirm.getByRole('heading', { name: 'Create your account' }).waitFor();
  await confirm.getByLabel('First name').fill('Nina');
  await confirm.getByLabel('Last name').fill('Newcomer');
  await confirm.getByLabel('Password', { exact: true }).fill(testPassword);
  await confirm.getByText('Good password').waitFor();
  await confirm.getByLabel(/I accept the/).check();
  await confirm.getByRole('button', { name: 'Create account' }).click();

  // Signed up: back to the invitation, which now says who invites whom to what.
  await confirm.waitForURL((url) => url.pathname === `/invite/${secret}`, { timeout: 15_000 });
  await confirm.getByText('Ivy Admin invites you to join Invitees AG on Signet.').waitFor();
  const details = await confirm.locator('dl').innerText();
  for (const fact of ['Invitees AG', 'Ivy Admin', 'Member', email])
    assert.match(details, new RegExp(fact.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  assert.deepEqual(await seriousViolations(confirm), []);
  // Not a member before accepting.
  const token = await loginToken(email, testPassword);
  assert.equal((await api('/v2/businesses/user', { token })).status, 404);

  await confirm.getByRole('button', { name: 'Accept invitation' }).click();
  await confirm.waitForURL((url) => url.pathname === '/dashboard');
  await confirm.getByText('You are now a member of Invitees AG.').waitFor();
  const membership = await api<{ id: string; role: string }>('/v2/businesses/user', { token });
  assert.deepEqual(
    [membership.status, membership.body.id, membership.body.role],
    [200, business.id, 'member'],
  );
  // The gates have nothing left to ask, and the link has served its purpose.
  assert.equal(await confirm.getByRole('dialog').count(), 0);
  await confirm.goto(`/invite/${secret}`);
  await confirm.getByText('You have accepted this invitation').waitFor();
  assert.equal(pathOf(confirm), `/invite/${secret}`);
  await context.close();
});

test('an invitation opened by another account says so and offers to log out', async () => {
  const business = await createBusiness('Elsewhere AG', ['Olga', 'Owner']);
  const email = uniqueEmail('someone');
  await invite(business, [email]);
  const secret = await invitationSecret(email);
  const other = await createUser('Otto', 'Other');
  const context = await newContext(browser());
  const page = await context.newPage();
  await page.goto(`/login?redirect=${encodeURIComponent(`/invite/${secret}`)}`);
  await page.getByLabel('E-mail address').fill(other.email);
  await page.getByLabel('Password', { exact: true }).fill(other.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === `/invite/${secret}`);
  const alert = page.getByRole('alert').filter({ hasText: 'This invitation is for another account' });
  await alert.waitFor();
  assert.equal(await page.getByText('Elsewhere AG').count(), 0);
  await page.getByRole('link', { name: 'Log out' }).waitFor();
  await context.close();
});
