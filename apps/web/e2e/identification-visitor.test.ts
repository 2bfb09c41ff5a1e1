import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { createRequest, createUser } from './factories.ts';
import { finishAtProvider } from './identification-flow.ts';
import { shoot } from './page-shots.ts';
import { expectOverlay, smsCount, tanFromSms } from './signing-flow.ts';
import { api, mailedLink, uniqueEmail, usePages } from './support.ts';

// Issue 12 (b): a visitor asked for an eIDAS QES is refused without identification; the
// upgrade-standards dialog says so and leads to the visitor's identification pages; after
// self-service identification at the sandbox provider they return to the document and sign.

const { pageAs } = usePages();

test('a visitor asked for eIDAS QES identifies from the signing page, comes back and signs', async () => {
  const owner = await createUser('Olga', 'Owner');
  const visitor = uniqueEmail('vivian');
  const mobile = `+4179${String(Date.now()).slice(-7)}`;
  const request = await createRequest(owner.token, {
    title: 'Consulting mandate',
    quality: 'qes',
    legislation: 'eidas',
    signatures: [
      {
        signer_identity_data: {
          email_address: visitor,
          first_name: 'Vivian',
          last_name: 'Visser',
          mobile_number: mobile,
          language: 'en-gb',
        },
        visual_signatures: [{ position: { page: 1, x: 60, y: 120 } }],
      },
    ],
  });
  const signerId = request.signatures[0]!.sid;

  const page = await pageAs(null);
  await page.goto(await mailedLink(visitor, `/view/${request.id}/`));
  await page.getByRole('heading', { name: 'Consulting mandate' }).waitFor();
  const before = await smsCount(mobile);
  await page.getByRole('button', { name: 'Sign', exact: true }).click();

  // Refused: QES needs an identification, and the dialog says that (not "confirm your e-mail").
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Identification needed' }).waitFor({ timeout: 30_000 });
  await dialog.getByText('qualified electronic signature under eIDAS (EU)').waitFor();
  assert.equal(await smsCount(mobile), before, 'no code is sent to someone who may not sign');
  await shoot(page, 'dialog-upgrade-visitor');
  await dialog.getByRole('link', { name: 'Identify now' }).click();

  await page.waitForURL((url) => url.pathname === `/direct-sign/identification/${request.id}/${signerId}`);
  await page.getByText('This request needs: qualified signature under eIDAS (EU).').waitFor();
  await shoot(page, 'visitor-identification');
  await page.getByRole('link', { name: 'Preview the document' }).click();
  await page.getByRole('heading', { name: 'Consulting mandate' }).waitFor();
  await page.getByText('Olga Owner').waitFor();
  await shoot(page, 'visitor-preview');
  await page.getByRole('link', { name: 'Go to identification' }).click();
  await page.getByRole('link', { name: 'Choose: Self-service identification' }).click();
  await page.waitForURL((url) => url.pathname === '/direct-sign/identification/eidas/self');
  await page
    .getByText('The provider checks that your identity document shows the name Vivian Visser.')
    .waitFor();
  await page.getByRole('button', { name: 'Start identification' }).click();
  await finishAtProvider(page, 'self', 'success');

  assert.equal(new URL(page.url()).pathname, '/direct-sign/identification/eidas/self');
  await page.getByText('Completed: your qualified signature is being activated').waitFor({ timeout: 30_000 });
  await shoot(page, 'visitor-eidas-self-done');
  await page.getByRole('link', { name: 'Back to the document' }).click();

  await page.waitForURL((url) => url.pathname === `/view/${request.id}/${signerId}`);
  await page.getByRole('heading', { name: 'Consulting mandate' }).waitFor();
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  const tan = page.getByRole('dialog');
  await tan.getByLabel('Code from the SMS').fill(await tanFromSms(mobile, before));
  await tan.getByRole('button', { name: 'Sign', exact: true }).click();
  await expectOverlay(page, 'Signed');

  const done = await api<SignatureRequest>(`/v3/signature-requests/${request.id}`, { token: owner.token });
  assert.equal(done.body.status_overall, 'SIGNED');
});
