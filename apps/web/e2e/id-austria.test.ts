import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { createUser, testPassword } from './factories.ts';
import { api, mailedLink, newContext, settled, signedInPage, uniqueEmail, useBrowser } from './support.ts';

const browser = useBrowser();
const shots = join(import.meta.dirname, 'screenshots');
mkdirSync(shots, { recursive: true });
const shoot = async (page: Page, name: string, width: number) => {
  await settled(page);
  await page.screenshot({ path: join(shots, `id-austria-${name}-${width}.png`), fullPage: true });
};

/** At the sandbox ID Austria: picks a sample person, or edits the fields, and logs in. */
async function logInAtIdAustria(page: Page, person: { sample?: string; familyName?: string }, width: number) {
  await page.waitForURL('**/sandbox/id-austria/login/**');
  if (person.sample) await page.getByRole('link', { name: person.sample }).click();
  if (person.familyName) await page.getByLabel('Family name').fill(person.familyName);
  await page.getByRole('heading', { name: 'Log in as' }).waitFor();
  await page.screenshot({ path: join(shots, `id-austria-provider-login-${width}.png`), fullPage: true });
  await page.getByRole('button', { name: 'Log in and share' }).click();
}

for (const width of [1280, 390])
  test(`eID signup with ID Austria: names from the eID, e-mail confirmed from the inbox (${width} px)`, async () => {
    const context = await newContext(browser(), { width });
    const page = await context.newPage();
    const email = uniqueEmail('eid');
    await page.goto('/signup');
    await page.getByRole('link', { name: 'Sign up with ID Austria' }).click();
    await page.getByRole('heading', { name: 'Sign up with ID Austria' }).waitFor();
    await shoot(page, 'signup-new', width);
    await page.getByRole('button', { name: 'Continue with ID Austria' }).click();
    await logInAtIdAustria(page, { sample: 'Lukas Huber' }, width);

    await page.waitForURL((url) => url.pathname === '/signup/flows/eidplus/confirm');
    await page.getByRole('heading', { name: 'Complete your account' }).waitFor();
    // The provider's code and state left the address bar at once.
    assert.equal(new URL(page.url()).search, '');
    await page.getByText('Huber', { exact: true }).waitFor();
    await page.getByText('2 November 1991').waitFor();
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(testPassword);
    await page.getByLabel(/I accept the/).check();
    await shoot(page, 'signup-confirm', width);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/welcome');
    await page.getByRole('heading', { name: 'Welcome to Signet, Lukas' }).waitFor();

    // The address is confirmed from its inbox, as in every signup.
    const link = new URL(await mailedLink(email, '/profile/confirm'));
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText('Your e-mail address is confirmed.').waitFor();
    await context.close();
  });

test('an account connects ID Austria and may sign with eIDAS QES', async () => {
  const user = await createUser('Maria', 'Gruber');
  for (const width of [1280, 390]) {
    const { context, page } = await signedInPage(browser(), user, { width });
    if (width === 1280) {
      // From the eIDAS method list: choosing ID Austria opens its dialog, which leads to the eID login.
      await page.goto('/profile/signature-standards/eidas');
      await page.getByRole('button', { name: 'Choose: ID Austria' }).click();
      const dialog = page.getByRole('dialog', { name: 'Connect ID Austria' });
      await dialog.getByText('Link your ID Austria to sign at qualified level.').waitFor();
      await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
    } else {
      await page.goto('/profile/signature-standards/id-austria-success');
      await page.getByRole('heading', { name: 'Connect ID Austria' }).waitFor();
      await shoot(page, 'connect', width);
      await page.getByRole('button', { name: 'Connect ID Austria' }).click();
    }
    await logInAtIdAustria(page, { sample: 'Maria Gruber' }, width);
    await page.waitForURL((url) => url.pathname === '/profile/signature-standards/id-austria-success');
    await page
      .getByRole('heading', { name: 'ID Austria connected' })
      .waitFor()
      .catch(async (error: unknown) => {
        await page.screenshot({ path: join(shots, `id-austria-debug-${width}.png`), fullPage: true });
        throw error;
      });
    await page
      .getByText('you can now sign with a qualified electronic signature (QES) under eIDAS')
      .waitFor();
    assert.equal(new URL(page.url()).search, '');
    await shoot(page, 'connected', width);
    await context.close();
  }
  const detail = await api<{
    qualities: Array<{ quality: string; legislation: string; available: boolean }>;
  }>('/v3/user/signature-qualities-detail', { token: user.token });
  assert.ok(
    detail.body.qualities.some((q) => q.quality === 'qes' && q.legislation === 'eidas' && q.available),
  );
});
