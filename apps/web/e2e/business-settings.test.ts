import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { createBusiness, createRequest } from './factories.ts';
import { shoot } from './page-shots.ts';
import { api, mailedVisitorLinks, uniqueEmail, usePages } from './support.ts';

// Issue 14 (settings): an admin changes the business settings and finds them saved after a reload,
// uploads the company logo and sees it in the header and on a visitor's signing page, fills in AES
// for business, and sees the changes listed as the business's extras.

const { pageAs } = usePages();

/** A logo drawn by the browser: a red band with the company's initials, as PNG bytes. */
async function drawnLogo(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 600;
    canvas.height = 200;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#b3122e';
    context.fillRect(0, 0, 600, 200);
    context.fillStyle = '#ffffff';
    context.font = 'bold 120px sans-serif';
    context.fillText('SAG', 170, 145);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

test('an admin saves the settings, uploads the logo that the header shows, and fills in AES for business', async () => {
  const business = await createBusiness('Settings Test AG', ['Sina', 'Settings']);
  const page = await pageAs(business.admin.token);

  // Settings: support contact, Part 11, automatic deletion (confirmed) and the protocol attachment.
  await page.goto('/business/settings');
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  await page.getByText('No request has been deleted automatically.').waitFor();
  await page.getByLabel('Support e-mail').fill('not an address');
  await page.getByRole('button', { name: 'Save support contact' }).click();
  await page.getByText('Please enter a valid email').waitFor();
  await page.getByLabel('Support e-mail').fill('help@settings-test.ch');
  await page.getByLabel('Support phone').fill('+41 44 123 45 67');
  await page.getByRole('button', { name: 'Save support contact' }).click();
  await page.getByText('Saved.').first().waitFor();

  // A switch saves at once and shows the saved state when the answer comes.
  const switchOn = async (name: string) => {
    await page.getByRole('switch', { name }).click();
    await page.getByRole('switch', { name, checked: true }).waitFor();
  };
  await switchOn('Part 11 signatures');
  await page.getByRole('switch', { name: 'Automatic deletion' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Switch on' }).click();
  await page.getByRole('switch', { name: 'Automatic deletion', checked: true }).waitFor();
  await page.getByLabel('Days after a request ended').fill('45');
  await page.getByRole('button', { name: 'Save period' }).click();
  await switchOn('Signature protocol');
  await shoot(page, 'business-settings');

  await page.reload();
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
  assert.equal(await page.getByLabel('Support e-mail').inputValue(), 'help@settings-test.ch');
  assert.equal(await page.getByLabel('Support phone').inputValue(), '+41 44 123 45 67');
  assert.ok(await page.getByRole('switch', { name: 'Part 11 signatures' }).isChecked());
  assert.ok(await page.getByRole('switch', { name: 'Automatic deletion' }).isChecked());
  assert.equal(await page.getByLabel('Days after a request ended').inputValue(), '45');
  assert.ok(await page.getByRole('switch', { name: 'Signature protocol' }).isChecked());
  const stored = await api<{ signatureRequests: { retention: { enabled: boolean; terminalState: number } } }>(
    `/v1/businesses/${business.id}/settings`,
    { token: business.admin.token },
  );
  assert.deepEqual(stored.body.signatureRequests.retention, { enabled: true, terminalState: 45 });

  // Profile: details and the logo, which then heads every page for the business's people.
  await page.goto('/business/profile');
  await page.getByRole('heading', { name: 'Business profile', level: 1 }).waitFor();
  await page.getByText('No logo yet').waitFor();
  await page.getByLabel('Business phone').fill('+41 44 765 43 21');
  await page.getByRole('button', { name: 'Save details' }).click();
  await page.getByText('Saved.').first().waitFor();
  await page.locator('input[type=file]').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: await drawnLogo(page),
  });
  await page.getByRole('img', { name: 'Logo of Settings Test AG' }).waitFor();
  const headerLogo = page.getByRole('banner').getByRole('img', { name: 'Settings Test AG' });
  await headerLogo.waitFor();
  assert.ok(((await headerLogo.getAttribute('src')) ?? '').includes(`/branding/logo/`));
  await shoot(page, 'business-profile');

  // A visitor signing a request of the business sees its logo on the signing page.
  const visitorEmail = uniqueEmail('visitor');
  const request = await createRequest(business.admin.token, {
    title: 'Branded request',
    signatures: [
      { signer_identity_data: { email_address: visitorEmail, first_name: 'Vera', last_name: 'Visitor' } },
    ],
  });
  const visitorPage = await pageAs(null);
  await visitorPage.goto((await mailedVisitorLinks(visitorEmail, request.id)).link);
  await visitorPage.getByRole('heading', { name: 'Branded request' }).waitFor();
  await visitorPage.getByRole('main').getByRole('img', { name: 'Settings Test AG' }).waitFor();

  // AES for business: representative and commercial register, kept after a reload.
  await page.goto('/business/profile/aes-for-business');
  await page.getByRole('heading', { name: 'AES for business', level: 1 }).waitFor();
  await page.getByText('No verified domain yet.').waitFor();
  await page.getByLabel("Representative's name").fill('Sina Settings');
  await page.getByLabel("Representative's e-mail").fill('sina@settings-test.ch');
  await page.getByLabel('Commercial register').fill('CHE-123.456.789');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved.').first().waitFor();
  await shoot(page, 'business-aes');
  await page.reload();
  await page.getByRole('heading', { name: 'AES for business', level: 1 }).waitFor();
  assert.equal(await page.getByLabel('Commercial register').inputValue(), 'CHE-123.456.789');

  // The extras list what differs from a new business.
  await page.goto('/business/extras');
  const table = page.getByRole('table', { name: 'Settings changed from the defaults' });
  await table.getByRole('rowheader', { name: 'Days until automatic deletion' }).waitFor();
  await table.getByRole('rowheader', { name: 'Commercial register' }).waitFor();
  await table.getByRole('img', { name: 'The company logo' }).waitFor();
  await shoot(page, 'business-extras');
});
