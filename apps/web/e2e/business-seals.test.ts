import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { createBusiness, createRequest, createUser, inviteAndAccept } from './factories.ts';
import { shoot } from './page-shots.ts';
import { downloadFromMenu, expectOverlay, pdfsig } from './signing-flow.ts';
import { api, usePages } from './support.ts';

// Issue 14 (seals): an admin creates a seal with an image and data and allows a member to use it;
// the member seals a document from the signing view, and the signed PDF carries the seal's name as
// the signer (pdfsig valid) and its image.

const { pageAs } = usePages();

/**
 * A 600 × 200 PNG as an admin would upload it: a picture of the page's own top-left corner (the
 * browser's screenshot is a real PNG, and the test needs no image library).
 */
const logo = (page: Page) => page.screenshot({ clip: { x: 0, y: 0, width: 600, height: 200 } });

test('an admin creates a seal with an image and allows a member; the member seals a document with it', async () => {
  const business = await createBusiness('Seal Test AG', ['Sara', 'Sealadmin']);
  const member = await createUser('Mia', 'Member');
  await inviteAndAccept(business, member);
  const accountName = `seal-test-${Date.now()}`;

  const admin = await pageAs(business.admin.token);
  await admin.goto('/business/seals');
  await admin.getByRole('heading', { name: 'Seals', level: 1 }).waitFor();
  await admin.getByText('No seals yet').waitFor();
  await shoot(admin, 'seals-empty');

  // A bad account name is named at its field before anything is sent.
  await admin.getByLabel('Account name').fill('a b');
  await admin.getByLabel('Display name').fill('Seal Test Invoices');
  await admin.getByRole('button', { name: 'Create seal' }).click();
  await admin.getByText(/Use 3 to 63 letters, digits/).waitFor();
  await admin.getByLabel('Account name').fill(accountName);
  await admin.getByRole('button', { name: 'Create seal' }).click();
  await admin.waitForURL((url) => url.pathname === `/business/seals/${accountName}`);
  await admin.getByRole('heading', { name: 'Seal Test Invoices' }).waitFor();
  await admin.getByText('No image yet').waitFor();

  // A file that is no image is refused in place; the logo is uploaded and shown.
  const upload = admin.locator('input[type="file"]');
  await upload.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('no image') });
  await admin.getByRole('alert').getByText('This file is not a PNG, JPEG or WebP image.').waitFor();
  await upload.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logo(admin) });
  await admin.getByRole('img', { name: "The seal's image" }).waitFor();
  await admin.getByRole('button', { name: 'Replace image' }).waitFor();

  await admin.getByLabel('Location').fill('Zürich');
  await admin.getByRole('button', { name: 'Save seal data' }).click();
  await admin.getByText('Seal data saved.').waitFor();

  // Allow the member and the business's API user (admins may always: they are not offered).
  const robot = `api-sealer-${Date.now().toString(36)}`;
  const made = await api(`/v1/businesses/${business.id}/apis`, {
    method: 'POST',
    token: business.admin.token,
    body: { username: robot },
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  await admin.reload();
  await admin.getByLabel('Members to allow').click();
  await admin.getByRole('option', { name: /Mia Member/ }).click();
  // The list closes after each choice.
  await admin.getByLabel('Members to allow').click();
  await admin.getByRole('option', { name: `${robot} (API user)` }).click();
  await admin.keyboard.press('Escape');
  await admin.getByRole('button', { name: 'Allow', exact: true }).click();
  const allowed = admin.getByRole('table', { name: 'Members allowed to use this seal' });
  await allowed.getByText(member.email).waitFor();
  await allowed
    .getByRole('row', { name: new RegExp(robot) })
    .getByText('API user')
    .waitFor();
  await shoot(admin, 'seal-detail');

  await admin.getByRole('link', { name: 'All seals' }).click();
  const list = admin.getByRole('list', { name: 'Seals of your business' });
  await list.getByText('Seal Test Invoices').waitFor();
  await list.getByText('1 member may seal', { exact: false }).waitFor();
  await list.getByText('1 API user', { exact: false }).waitFor();
  await shoot(admin, 'seals-list');

  // The admin sends a document for the member to sign; the member seals it instead.
  const request = await createRequest(business.admin.token, {
    title: 'Invoice 2026-114',
    quality: 'aes',
    signatures: [
      { account_email: member.email, visual_signatures: [{ position: { page: 1, x: 60, y: 80 } }] },
    ],
  });
  const page = await pageAs(member.token);
  await page.goto(`/view/${request.id}`);
  await page.getByRole('heading', { name: 'Invoice 2026-114' }).waitFor();
  await page.getByRole('button', { name: 'Seal', exact: true }).waitFor();
  await shoot(page, 'seal-signing-view');
  await page.getByRole('button', { name: 'Seal', exact: true }).click();
  await page.getByRole('menuitem', { name: /Seal as Seal Test Invoices/ }).click();
  await expectOverlay(page, 'Signed');
  await page.getByRole('button', { name: 'Back to the document' }).click();
  await page.getByTestId('request-status').filter({ hasText: 'Signed' }).waitFor();

  const signed = readFileSync(await downloadFromMenu(page, 'Signed PDF: Invoice 2026-114'));
  const report = await pdfsig(signed);
  assert.equal(report.signatures.length, 1, report.stdout);
  const [seal] = report.signatures;
  assert.equal(seal!.signature, 'Signature is Valid.', seal!.text);
  assert.match(seal!.text, /Signer Certificate Common Name: Seal Test Invoices$/m);
  const text = execFileSync('pdftotext', ['-', '-'], { input: signed }).toString();
  assert.match(text, /Seal Test Invoices/);
  assert.match(text, /Zürich/);
  // The seal's 600 × 200 image is in the document.
  const images = execFileSync('pdfimages', ['-list', '-'], { input: signed }).toString();
  assert.match(images, /^\s*\d+\s+\d+\s+\w+\s+600\s+200\s/m, images);
});
