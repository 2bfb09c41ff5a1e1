import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { createRequest, createUser, testPassword } from './factories.ts';
import { shoot } from './page-shots.ts';
import { startLoopbackDns } from './loopback-dns.ts';
import { downloadFromMenu, expectOverlay, pdfsig } from './signing-flow.ts';
import { api, mailedLink, uniqueEmail, usePages } from './support.ts';

// Issue 14's "Done when" journey, as a new person, through the pages: business signup → confirm →
// welcome → invite two people (one with an account, one without) → both accept from their mails →
// promote one to admin → add and verify a domain on the loopback DNS server → create a seal with an
// image → a member seals a document → export the signatures CSV → automatic deletion, run through
// the test-only sweep at a later instant, removes the finished request. Each step's variations are
// the other business-*.test.ts files'; only the colleague's account and the sealed request are made
// through the API, as the journey does not name those steps.

const { pageAs } = usePages();
const dns = await startLoopbackDns();
after(() => dns.close());
const dayMs = 24 * 60 * 60 * 1000;

/** The session token the web app keeps for the page's signed-in person. */
const tokenOf = async (page: Page): Promise<string> =>
  (await page.evaluate(() => JSON.parse(sessionStorage.getItem('signet.token') ?? '{}'))).value;

/** Accepts the invitation open in `page` (signed in as its addressee) and waits for the welcome. */
async function acceptInvitation(page: Page, business: string): Promise<void> {
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByText(`You are now a member of ${business}.`).waitFor();
}

test('a new business: signup, members, domain, seal, a sealed document, CSV export and automatic deletion', async () => {
  const stamp = Date.now().toString(36);
  const business = `Journey ${stamp} AG`;
  const founderEmail = uniqueEmail('founder');
  const colleague = await createUser('Cora', 'Colleague');
  const newcomerEmail = uniqueEmail('newcomer');

  // Business signup, the mailed confirmation, the welcome.
  const admin = await pageAs(null);
  await admin.goto('/business/signup');
  await admin.getByLabel('Company name').fill(business);
  await admin.getByLabel('Your work e-mail address').fill(founderEmail);
  await admin.getByRole('button', { name: 'Continue' }).click();
  await admin.getByRole('heading', { name: 'Your account' }).waitFor();
  await admin.getByLabel('First name').fill('Fiona');
  await admin.getByLabel('Last name').fill('Founder');
  await admin.getByLabel('Password', { exact: true }).fill(testPassword);
  await admin.getByLabel(/I accept the/).check();
  await admin.getByRole('button', { name: 'Create business account' }).click();
  await admin.getByRole('heading', { name: 'Check your inbox' }).waitFor();
  await admin.goto(await mailedLink(founderEmail, '/business/signup/confirm'));
  await admin.getByRole('heading', { name: `Welcome to ${business}` }).waitFor({ timeout: 15_000 });
  const founderToken = await tokenOf(admin);
  const mine = await api<{ id: string; role: string }>('/v2/businesses/user', { token: founderToken });
  assert.equal(mine.body.role, 'admin');
  const businessId = mine.body.id;

  // Two invitations from the members page: a colleague with an account and a newcomer without.
  await admin.getByRole('link', { name: 'Invite members' }).click();
  await admin.getByRole('heading', { name: '1 person' }).waitFor();
  await admin.getByLabel('E-mail addresses').fill(`${colleague.email}\n${newcomerEmail}`);
  await admin.getByRole('button', { name: 'Send 2 invitations' }).click();
  await admin.getByText('2 invitations sent.').waitFor();

  // The colleague opens the mail's link signed in, and accepts.
  const cora = await pageAs(colleague.token);
  await cora.goto(await mailedLink(colleague.email, '/invite/'));
  await cora.getByText(`Fiona Founder invites you to join ${business} on Signet.`).waitFor();
  await acceptInvitation(cora, business);

  // The newcomer opens it without an account, signs up from it and comes back to accept.
  const invitee = await pageAs(null);
  await invitee.goto(await mailedLink(newcomerEmail, '/invite/'));
  await invitee.getByRole('link', { name: 'Create an account' }).click();
  await invitee.getByLabel('E-mail address').fill(newcomerEmail);
  await invitee.getByRole('button', { name: 'Send confirmation link' }).click();
  await invitee.waitForURL('**/signup/mail-sent');
  const nina = await invitee.context().newPage();
  await nina.goto(await mailedLink(newcomerEmail, '/signup/confirm'));
  await nina.getByLabel('First name').fill('Nina');
  await nina.getByLabel('Last name').fill('Newcomer');
  await nina.getByLabel('Password', { exact: true }).fill(testPassword);
  await nina.getByLabel(/I accept the/).check();
  await nina.getByRole('button', { name: 'Create account' }).click();
  await nina
    .getByText(`Fiona Founder invites you to join ${business} on Signet.`)
    .waitFor({ timeout: 15_000 });
  await shoot(nina, 'journey-invitation-after-signup');
  await acceptInvitation(nina, business);

  // Both are members; the colleague becomes an administrator.
  await admin.reload();
  await admin.getByRole('heading', { name: '3 people' }).waitFor();
  await admin.getByText('No invitations are waiting for an answer.').waitFor();
  const coraRow = admin.getByRole('row').filter({ hasText: colleague.email });
  await coraRow.getByRole('checkbox', { name: 'Select Cora Colleague' }).check();
  await admin.getByRole('toolbar').getByRole('button', { name: 'Make administrators' }).click();
  await admin.getByText('1 person is now an administrator.').waitFor();
  await coraRow.getByText('Administrator').waitFor();

  // A domain, verified once its TXT record is published on the (loopback) DNS server.
  const domain = `journey-${stamp}.example.ch`;
  await admin.goto('/business/members/domains');
  await admin.getByLabel('Domain', { exact: true }).fill(domain);
  await admin.getByRole('button', { name: 'Add domain' }).click();
  const card = admin.getByRole('region', { name: domain });
  await card.getByTestId('domain-status').getByText('Waiting for DNS record').waitFor();
  const record = card.locator('dd code');
  dns.zone.set((await record.nth(1).textContent())!, [(await record.nth(2).textContent())!]);
  await card.getByRole('button', { name: 'Check now' }).click();
  await card.getByTestId('domain-status').getByText('Verified').waitFor();

  // A seal with an image (a PNG of the page's corner), which the newcomer may use.
  const sealName = `Journey ${stamp} Invoices`;
  await admin.goto('/business/seals');
  await admin.getByLabel('Account name').fill(`journey-${stamp}`);
  await admin.getByLabel('Display name').fill(sealName);
  await admin.getByRole('button', { name: 'Create seal' }).click();
  await admin.getByRole('heading', { name: sealName }).waitFor();
  const image = await admin.screenshot({ clip: { x: 0, y: 0, width: 600, height: 200 } });
  await admin
    .locator('input[type="file"]')
    .setInputFiles({ name: 'seal.png', mimeType: 'image/png', buffer: image });
  await admin.getByRole('img', { name: "The seal's image" }).waitFor();
  await admin.getByLabel('Members to allow').click();
  await admin.getByRole('option', { name: /Nina Newcomer/ }).click();
  await admin.keyboard.press('Escape');
  await admin.getByRole('button', { name: 'Allow', exact: true }).click();
  await admin
    .getByRole('table', { name: 'Members allowed to use this seal' })
    .getByText(newcomerEmail)
    .waitFor();

  // The newcomer seals a document the founder sent them, from the signing view.
  const title = `Invoice ${stamp}`;
  const request = await createRequest(founderToken, {
    title,
    quality: 'aes',
    signatures: [
      { account_email: newcomerEmail, visual_signatures: [{ position: { page: 1, x: 60, y: 80 } }] },
    ],
  });
  await nina.goto(`/view/${request.id}`);
  await nina.getByRole('button', { name: 'Seal', exact: true }).click();
  await nina.getByRole('menuitem', { name: new RegExp(`Seal as ${sealName}`) }).click();
  await expectOverlay(nina, 'Signed');
  await nina.getByRole('button', { name: 'Back to the document' }).click();
  const signed = readFileSync(await downloadFromMenu(nina, `Signed PDF: ${title}`));
  const report = await pdfsig(signed);
  assert.equal(report.signatures.length, 1, report.stdout);
  assert.equal(report.signatures[0]!.signature, 'Signature is Valid.', report.signatures[0]!.text);
  assert.match(report.signatures[0]!.text, new RegExp(`Signer Certificate Common Name: ${sealName}$`, 'm'));

  // The signatures CSV from the activity page lists the seal's signature. It is read before the
  // automatic deletion (the issue names it after): deleting a request deletes its signers, from
  // which the activity reports are counted, so the row would be gone (reported to the lead).
  await admin.goto('/business/activity?tab=signatures');
  await admin.getByRole('table', { name: 'Signatures' }).getByRole('cell', { name: title }).waitFor();
  const downloading = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Signatures (CSV)' }).click();
  const csv = readFileSync((await (await downloading).path())!);
  const rows = parse(csv, { bom: true, columns: true }) as Array<Record<string, string>>;
  assert.deepEqual(
    rows.map((row) => [row.email, row.request_title]),
    [[newcomerEmail, title]],
  );

  // Automatic deletion after one day; the sweep run two days on removes the finished request.
  await admin.goto('/business/settings');
  await admin.getByText('No request has been deleted automatically.').waitFor();
  await admin.getByRole('switch', { name: 'Automatic deletion' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Switch on' }).click();
  await admin.getByRole('switch', { name: 'Automatic deletion', checked: true }).waitFor();
  await admin.getByLabel('Days after a request ended').fill('1');
  await admin.getByRole('button', { name: 'Save period' }).click();
  await admin.getByText('Saved.').first().waitFor();
  await admin.getByText(/page images 1 day after they ended\./).waitFor();
  await admin.goto('/dashboard');
  await admin.getByRole('button', { name: 'All', exact: true }).click();
  const requestRow = admin.getByTestId('request-row').filter({ hasText: title });
  await requestRow.waitFor();
  const swept = await api<{ deleted: number }>('/test/jobs/business-retention', {
    method: 'POST',
    body: { asOf: new Date(Date.now() + 2 * dayMs).toISOString() },
  });
  assert.equal(swept.status, 200, JSON.stringify(swept.body));
  assert.ok(swept.body.deleted >= 1);
  await admin.reload();
  await admin.getByTestId('list-total').waitFor();
  assert.equal(await requestRow.count(), 0);
  assert.equal((await api(`/v3/signature-requests/${request.id}`, { token: founderToken })).status, 404);
  await admin.goto('/business/settings');
  const deletions = admin.getByRole('region', { name: 'Deleted automatically' });
  await deletions.getByText(title).waitFor();
  // One document and no attachment: said so, not as "0 attachments".
  await deletions.getByText(/^Signed on .+; deleted on .+ with its document\.$/).waitFor();
  await shoot(admin, 'journey-retention-deleted');
  const recorded = await api<{ deletions: Array<{ requestId: string }> }>(
    `/v1/businesses/${businessId}/retention-deletions`,
    { token: founderToken },
  );
  assert.deepEqual(
    recorded.body.deletions.map((d) => d.requestId),
    [request.id],
  );
});
