import assert from 'node:assert/strict';
import { test } from 'node:test';
import { testPassword } from './factories.ts';
import { loginThroughUi, newContext, pathOf, uniqueEmail, useBrowser } from './support.ts';

const browser = useBrowser();

test('signup through the mailed link, logout, login, logout', async () => {
  const context = await newContext(browser());
  const page = await context.newPage();
  const email = uniqueEmail('signup');

  await page.goto('/signup');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  await page.waitForURL('**/signup/mail-sent');
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();

  // The sandbox outbox lists the mail with its link; follow it as a user would.
  let link = page.locator(`li:has-text("${email}") a[href*="/signup/confirm"]`);
  for (let i = 0; i < 50 && (await link.count()) === 0; i++) {
    await page.goto('/sandbox/mail');
    link = page.locator(`li:has-text("${email}") a[href*="/signup/confirm"]`);
    if ((await link.count()) === 0) await page.waitForTimeout(200);
  }
  await link.first().click();
  await page.waitForURL((url) => url.pathname === '/signup/steps', { timeout: 15_000 });
  // The URL changes before the lazily loaded page renders: wait for its content.
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await page.getByText(email, { exact: false }).waitFor();

  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByText('At least 10 characters, please').waitFor();
  await page.getByLabel('Password', { exact: true }).fill(testPassword);
  await page.getByText('Good password').waitFor();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText('Please accept the terms and conditions').waitFor();
  await page.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await page.waitForURL('**/welcome');
  await page.getByRole('heading', { name: 'Welcome to Signet, Grace' }).waitFor();
  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByText('Hello, Grace Hopper').waitFor();
  await page.getByText('Nothing to sign').waitFor();
  assert.equal(await page.title(), 'Dashboard - Signet');

  await page.getByRole('main').getByRole('link', { name: 'Log out' }).click();
  await page.waitForURL('**/bye');
  await page.goto('/dashboard');
  await page.waitForURL((url) => url.pathname === '/login');

  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password-123');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.getByText('E-mail address or password is wrong.').waitFor();
  await page.getByLabel('Password', { exact: true }).fill(testPassword);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByText('Hello, Grace Hopper').waitFor();

  await page.goto('/logout');
  await page.waitForURL('**/bye');
  assert.equal(pathOf(page), '/bye');

  // The browser keeps the device token of that login and sends it with the next one, so that its
  // owner gets through while strangers' guesses throttle the account.
  const stored = await page.evaluate(() => localStorage.getItem('signet.login-devices') ?? '');
  assert.ok(stored.includes(email));
  await page.goto('/login');
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/v1/login'));
  await loginThroughUi(page, email, testPassword);
  const body = (await sent).postDataJSON() as { deviceToken?: string };
  assert.ok(body.deviceToken && stored.includes(body.deviceToken));
  await context.close();
});

test('login keeps a valid email query lowercased and drops an invalid one', async () => {
  const context = await newContext(browser());
  const page = await context.newPage();
  await page.goto('/login?email=Someone@Example.COM');
  await page.waitForURL((url) => url.searchParams.get('email') === 'someone@example.com');
  assert.equal(await page.getByLabel('E-mail address').inputValue(), 'someone@example.com');
  await page.goto('/login?email=not-an-email');
  await page.waitForURL((url) => !url.searchParams.has('email'));
  assert.equal(await page.getByLabel('E-mail address').inputValue(), '');
  await context.close();
});

test('password reset by mail', async () => {
  const { createUser } = await import('./factories.ts');
  const { mailedLink } = await import('./support.ts');
  const user = await createUser('Reset', 'Person');
  const context = await newContext(browser());
  const page = await context.newPage();
  await page.goto('/password-reset');
  await page.getByLabel('E-mail address').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.waitForURL('**/password-reset/mail-sent');
  const link = new URL(await mailedLink(user.email, '/password-reset/new'));
  await page.goto(link.pathname + link.search);
  const newPassword = 'Another-Secret-77-pass';
  await page.getByLabel('New password').fill(newPassword);
  await page.getByText('Good password').waitFor();
  await page.getByRole('button', { name: 'Save new password' }).click();
  await page.waitForURL('**/password-reset/confirm');
  await page.getByRole('link', { name: 'Go to login' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await loginThroughUi(page, user.email, newPassword);
  await context.close();
});
