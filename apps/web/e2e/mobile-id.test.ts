import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { createRequest, createUser, identify } from './factories.ts';
import { shoot } from './page-shots.ts';
import { expectOverlay, smsCount } from './signing-flow.ts';
import { api, usePages } from './support.ts';

// Issue 12 (Mobile ID): a user registers their phone as the QTSP's second factor, approves the
// registration on the sandbox's approval page (the phone app's stand-in), and signs a QES request by
// approving there instead of typing an SMS code.

const { pageAs } = usePages();

/** On the sandbox's Mobile ID page, in a tab of its own: approves the newest question to the phone. */
async function approveOnPhone(phone: Page, question: RegExp): Promise<void> {
  await phone.goto('/sandbox/mobile-id');
  const row = phone.getByRole('row').filter({ hasText: question }).first();
  await row.getByRole('button', { name: /^Approve/ }).click();
  await phone.waitForURL((url) => url.pathname === '/sandbox/mobile-id');
  await phone.getByRole('row').filter({ hasText: question }).first().getByText('approved').waitFor();
}

test('a user registers Mobile ID, approves it on the phone, and signs QES by approving there', async () => {
  const owner = await createUser('Olga', 'Owner');
  const mia = await createUser('Mia', 'Mobile');
  const mobile = `+4176${String(Date.now()).slice(-7)}`;
  assert.equal((await identify({ token: mia.token }, 'zertes')).status, 'activatingQES');
  // The trust service's terms of use, asked before a first QES (identification-zertes.test.ts clicks them).
  const accepted = await api('/v1/user/accept', {
    method: 'POST',
    token: mia.token,
    body: { accept: 'tou_swisscom' },
  });
  assert.ok(accepted.status < 300, JSON.stringify(accepted.body));
  const request = await createRequest(owner.token, {
    title: 'Framework agreement',
    quality: 'qes',
    legislation: 'zertes',
    signatures: [{ account_email: mia.email, visual_signatures: [{ position: { page: 1, x: 60, y: 120 } }] }],
  });

  const page = await pageAs(mia.token);
  const phone = await pageAs(null);

  // Registration: from the signature standards to the Mobile ID page (the profile has no number).
  await page.goto('/profile/signature-standards');
  await page.getByRole('link', { name: 'Mobile ID: approve signatures on your phone' }).click();
  await page.getByRole('heading', { name: 'Mobile ID', level: 1 }).waitFor();
  await page.getByTestId('mobile-id-status').getByText('Not registered').waitFor();
  await shoot(page, 'mobile-id-none');
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await page.getByTestId('mobile-id-status').getByText('Waiting for approval').waitFor();
  const masked = `${mobile.slice(0, 3)}${'*'.repeat(mobile.length - 5)}${mobile.slice(-2)}`;
  await page.getByRole('heading', { name: masked }).waitFor();
  await shoot(page, 'mobile-id-pending');

  await approveOnPhone(phone, /Register this phone/);
  // The page asks again while the registration waits, and shows it registered once approved.
  await page.getByTestId('mobile-id-status').getByText('Registered').waitFor({ timeout: 15_000 });
  await shoot(page, 'mobile-id-registered');

  // Signing at QES: the phone is asked instead of an SMS code being sent.
  await page.goto(`/view/${request.id}`);
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  const waiting = page.getByRole('dialog', { name: 'Approve on your phone' });
  await waiting.getByText('Waiting for your approval…').waitFor({ timeout: 60_000 });
  await waiting.getByRole('button', { name: 'Use an SMS code instead' }).waitFor();
  await shoot(page, 'mobile-id-waiting');
  await approveOnPhone(phone, /Sign 1 document/);
  await expectOverlay(page, 'Signed');
  assert.equal(await smsCount(mobile), 0, 'no SMS code was sent');

  const signed = await api<{ status_overall: string }>(`/v3/signature-requests/${request.id}`, {
    token: owner.token,
  });
  assert.equal(signed.body.status_overall, 'SIGNED', JSON.stringify(signed.body));
});
