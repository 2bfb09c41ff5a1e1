import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import type { User } from '@signet/contracts/accounts';
import { createBusiness, createUser, inviteAndAccept } from './factories.ts';
import { api, cspViolations, mailedLink, settled, signedInPage, uniqueEmail, useBrowser } from './support.ts';

const browser = useBrowser();
const shots = join(import.meta.dirname, 'screenshots');
mkdirSync(shots, { recursive: true });

/** The whole page from its top (the sticky header stays where it belongs); a dialog as it is seen. */
const shoot = async (page: Page, name: string, width: number, fullPage = true) => {
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage });
};

/** Follows the link `name` of the navigation `nav` to the page of that heading, marked in the side menu. */
async function openFromNav(page: Page, nav: string, name: string): Promise<void> {
  await page.getByRole('navigation', { name: nav }).getByRole('link', { name }).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  await assertProfileNav(page, name);
}

const me = async (token: string) => (await api<User>('/v1/user', { token })).body;

/** The side menu (a select below md) names every profile page; the current one is marked. */
async function assertProfileNav(page: Page, current: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Profile' });
  for (const name of ['Profile', 'Settings', 'Change password', 'Visual signature', 'Signature standards'])
    await nav.getByRole('link', { name, exact: true }).waitFor();
  assert.equal(
    await nav.getByRole('link', { name: current, exact: true }).getAttribute('aria-current'),
    'page',
  );
}

test('a user edits their profile and settings, changes their e-mail by mail, and deletes their account', async () => {
  const user = await createUser('Paula', 'Profil');
  const other = await createUser('Otto', 'Other');
  const { context, page } = await signedInPage(browser(), user);

  // Profile, reached from the main navigation.
  await openFromNav(page, 'Main navigation', 'Profile');
  const details = page.getByRole('region', { name: 'Personal details' });
  assert.equal(await details.getByLabel('First name').inputValue(), 'Paula');
  await shoot(page, 'profile', 1280);

  // A bad mobile number is refused next to the field; a good one and a new first name are saved.
  await details.getByLabel('Mobile number').fill('12ab');
  await details.getByRole('button', { name: 'Save details' }).click();
  await details.getByText('Invalid format').waitFor();
  await details.getByLabel('Mobile number').fill('+41 79 555 12 34');
  await details.getByLabel('First name').fill('Paulina');
  await details.getByRole('button', { name: 'Save details' }).click();
  await page.getByText('Your details are saved.').waitFor();
  await page.getByRole('button', { name: /Paulina Profil/ }).waitFor();
  const saved = await me(user.token);
  assert.equal(saved.firstName, 'Paulina');
  assert.equal(saved.attributes.mobile, '+41 79 555 12 34');

  // The server's refusal lands on the field it names: another account's address.
  const email = page.getByRole('region', { name: 'E-mail address' });
  await email.getByLabel('New e-mail address').fill(other.email);
  await email.getByRole('button', { name: 'Send confirmation link' }).click();
  await email.getByText('Another account uses this e-mail address.').waitFor();
  assert.equal(await email.getByLabel('New e-mail address').getAttribute('aria-invalid'), 'true');

  // A free address gets the confirmation mail; opening its link makes it the login address.
  const newAddress = uniqueEmail('paulina');
  await email.getByLabel('New e-mail address').fill(newAddress);
  await email.getByRole('button', { name: 'Send confirmation link' }).click();
  await email.getByRole('status').getByText(`We sent a confirmation link to ${newAddress}`).waitFor();
  assert.equal((await me(user.token)).email, user.email);
  await page.goto(await mailedLink(newAddress, '/profile/confirm'));
  await page.getByText('Your e-mail address is confirmed.').waitFor();
  await page.goto('/profile');
  await page.getByText(`You log in with ${newAddress}.`).waitFor();

  // Settings, reached from the profile navigation.
  await openFromNav(page, 'Profile', 'Change password');
  await openFromNav(page, 'Profile', 'Settings');
  await page.getByRole('radio', { name: /Important only/ }).check();
  await page.getByLabel('Signature quality').selectOption('qes');
  await page.getByLabel('Legislation').selectOption('eidas');
  await page.getByLabel('Signing name').fill('Dr. Paulina Profil');
  await page.getByLabel('Reason for signing').fill('Approved as head of quality');
  await page.getByRole('switch', { name: 'Delete my finished requests automatically' }).check();
  await page.getByLabel('Days after the end').fill('0');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText('Enter a whole number of days, at most 3650.').waitFor();
  await page.getByLabel('Days after the end').fill('45');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText('Your settings are saved.').waitFor();
  await shoot(page, 'profile-settings', 1280);
  const settings = await me(user.token);
  assert.deepEqual(
    [
      settings.attributes.email_notification_level,
      settings.attributes.default_quality,
      settings.attributes.default_legislation,
      settings.attributes.p11_signing_name,
      settings.attributes.p11_signing_reason,
    ],
    ['important', 'qes', 'eidas', 'Dr. Paulina Profil', 'Approved as head of quality'],
  );
  assert.deepEqual(settings.retention, { enabled: true, days: 45 });
  // What was saved is what the page shows after a reload.
  await page.reload();
  await settled(page);
  assert.equal(await page.getByLabel('Days after the end').inputValue(), '45');
  assert.equal(await page.getByRole('radio', { name: /Important only/ }).isChecked(), true);

  // The phone width: the navigation becomes a select above the page.
  const phone = await signedInPage(browser(), { email: newAddress, password: user.password }, { width: 390 });
  for (const [path, name] of [
    ['/profile', 'profile'],
    ['/profile/settings', 'profile-settings'],
  ] as const) {
    await phone.page.goto(path);
    await settled(phone.page);
    await phone.page.getByRole('navigation', { name: 'Profile' }).getByRole('combobox').waitFor();
    assert.equal(
      await phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      true,
      `${path} fits 390 px`,
    );
    await shoot(phone.page, name, 390);
  }
  await phone.context.close();

  // Deleting: the dialog says what happens; cancelling keeps everything.
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByText('Requests you sent that are still open are withdrawn').waitFor();
  await dialog.getByText('Requests other people sent you stay with them').waitFor();
  // Only a member of a business is told about leaving it.
  assert.equal(await dialog.getByText('You leave your business').count(), 0);
  await shoot(page, 'profile-delete-dialog', 1280, false);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });
  assert.equal((await api('/v1/user', { token: user.token })).status, 200);

  // A wrong password is refused on the field; the right one deletes the account and ends the session.
  await page.getByRole('button', { name: 'Delete account' }).click();
  await dialog.getByLabel('Your password').fill('Not-my-password-1');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await dialog.getByText('This is not your password.').waitFor();
  await dialog.getByLabel('Your password').fill(user.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await page.waitForURL((url) => url.pathname === '/bye');
  await page.getByText('Your account was deleted.').waitFor();
  assert.equal((await api('/v1/user', { token: user.token })).status, 401);
  const login = await api('/v1/login', {
    method: 'POST',
    body: { email: newAddress, password: user.password },
  });
  assert.equal(login.status, 401);
  assert.deepEqual(cspViolations(context), []);
  await context.close();
});

test('a member leaves their business from the profile and continues with a personal account', async () => {
  const member = await createUser('Mira', 'Member');
  await inviteAndAccept(await createBusiness('Leavers AG', ['Lea', 'Admin']), member);
  const { context, page } = await signedInPage(browser(), member);
  await page.goto('/profile');
  const business = page.getByRole('region', { name: 'Business' });
  await business.getByText('You are a member of Leavers AG.').waitFor();
  await business.getByRole('button', { name: 'Leave business' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave Leavers AG?' });
  await dialog.getByText('Your own requests and documents stay yours').waitFor();
  await shoot(page, 'profile-leave-dialog', 1280, false);
  await dialog.getByRole('button', { name: 'Leave business' }).click();
  // Spec §4: out of the business, the downgrade dialog; accepting leads to /billing.
  const downgraded = page.getByRole('dialog', { name: 'Your business account ended' });
  await downgraded.getByRole('button', { name: 'Accept and continue' }).click();
  await page.waitForURL((url) => url.pathname === '/billing');
  assert.equal((await api('/v2/businesses/user', { token: member.token })).status, 404);
  await page.goto('/profile');
  await settled(page);
  assert.equal(await page.getByRole('region', { name: 'Business' }).count(), 0);
  await context.close();
});
