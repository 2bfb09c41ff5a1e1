import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe.ts';
import { createBusiness, createRequest, createUser } from './factories.ts';
import { api, settled, signedInPage, useBrowser } from './support.ts';
const shots = join(import.meta.dirname, 'screenshots');

interface Request {
  id: string;
  title: string;
  status_overall: string;
  signatures: Array<{ status_code: string }>;
}

const browser = useBrowser();

/** A request from `token`'s owner with the given signer, sent (OPEN) unless `draft`. */
function requestFor(
  token: string,
  title: string,
  signer: string,
  quality: 'ses' | 'aes',
  draft = false,
): Promise<Request> {
  const signature = { account_email: signer, visual_signatures: [{ position: { page: 1, x: 60, y: 500 } }] };
  return createRequest(token, { title, quality, signatures: [signature] }, { draft });
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(shots, name), fullPage: true });
}

/** Fails when something sticks out sideways (the page must fit down to 360 px). */
async function assertNoHorizontalOverflow(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${where}: ${overflow}px horizontal overflow`);
}

test('batch signing of three requests, empty states, drafts and deleting from the dashboard', async () => {
  const user = await createUser('Dora', 'Dashboard');
  const { token } = user;
  const titles = ['Batch lease', 'Batch annex', 'Batch invoice'];
  const requests = [
    await requestFor(token, titles[0]!, user.email, 'aes'),
    await requestFor(token, titles[1]!, user.email, 'ses'),
    await requestFor(token, titles[2]!, user.email, 'aes'),
  ];
  const draft = await requestFor(token, 'Batch draft', user.email, 'aes', true);

  const { context, page } = await signedInPage(browser(), user);
  // A first visit lands on the inbox's toSign filter (spec §2).
  await page.waitForURL((url) => url.searchParams.get('filter') === 'toSign');

  const rows = page.getByTestId('request-row');
  await page.getByRole('link', { name: titles[2] }).waitFor();
  assert.equal(await rows.count(), 3);
  // Each row shows its signer and state, and leads to the request's page.
  const first = rows.filter({ hasText: titles[0]! });
  await first.getByText('Dora Dashboard: waiting').waitFor();
  assert.equal(
    await first.getByRole('link', { name: titles[0] }).getAttribute('href'),
    `/view/${requests[0]!.id}`,
  );
  await page.getByText('Free signatures left: 5', { exact: false }).waitFor();
  await assertNoHorizontalOverflow(page, 'dashboard 1280');
  await page.getByLabel('Select all on this page').check();
  // With the selection toolbar and its hints showing too.
  await page.getByText('Not deleted (3)', { exact: false }).waitFor();
  assert.deepEqual(await seriousViolations(page), []);
  await page.getByLabel('Selected: 3').uncheck();
  await shoot(page, 'dashboard-rows-1280.png');
  await page.setViewportSize({ width: 390, height: 900 });
  await assertNoHorizontalOverflow(page, 'dashboard 390');
  await shoot(page, 'dashboard-rows-390.png');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Search narrows the list on the server.
  await page.getByLabel('Search by title').fill('invoice');
  await page.getByTestId('list-total').getByText('Requests found: 1').waitFor();
  await page.getByLabel('Search by title').fill('');
  await page.getByTestId('list-total').getByText('Requests found: 3').waitFor();

  await page.getByLabel('Select all on this page').check();
  await page.getByText('Selected: 3').waitFor();
  await page.getByRole('button', { name: 'Sign (3)' }).click();
  const result = page.getByTestId('batch-result');
  await result.getByText('Signed: 3').waitFor({ timeout: 60_000 });
  for (const title of titles) await result.getByText(`${title}: Signed`).waitFor();

  for (const request of requests) {
    const now = await api<Request>(`/v3/signature-requests/${request.id}`, { token });
    assert.equal(now.body.status_overall, 'SIGNED', request.title);
    assert.deepEqual(
      now.body.signatures.map((s) => s.status_code),
      ['SIGNED'],
    );
  }

  // Nothing left to sign: the filter's own empty state says so and what to do.
  await page.getByRole('heading', { name: 'Nothing to sign' }).waitFor();
  await page.getByTestId('empty-state').getByRole('link', { name: 'Upload document' }).waitFor();
  await shoot(page, 'dashboard-empty-1280.png');
  await page.setViewportSize({ width: 390, height: 900 });
  await assertNoHorizontalOverflow(page, 'empty dashboard 390');
  await shoot(page, 'dashboard-empty-390.png');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByText('Free signatures left: 2', { exact: false }).waitFor();

  // The drafts tab lists the draft, which opens in the editor.
  await page.getByRole('tab', { name: 'Drafts' }).click();
  await page.waitForURL((url) => url.searchParams.get('tab') === 'drafts');
  const draftLink = page.getByRole('link', { name: 'Batch draft' });
  await draftLink.waitFor();
  assert.equal(await draftLink.getAttribute('href'), `/upload?sr=${draft.id}`);

  // Completed: delete one request with the delete-documents dialog.
  await page.getByRole('tab', { name: 'Inbox' }).click();
  await page.getByRole('button', { name: 'Completed' }).click();
  await page.waitForURL((url) => url.searchParams.get('filter') === 'completed');
  const doomed = rows.filter({ hasText: titles[1]! });
  await doomed.waitFor();
  assert.equal(await rows.count(), 3);
  await doomed.getByRole('checkbox').check();
  // A signed request of one's own cannot be signed again, but can be deleted.
  assert.equal(await page.getByRole('button', { name: 'Sign (0)' }).isDisabled(), true);
  await page.getByRole('button', { name: 'Delete (1)' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('1 document(s) will be deleted for good.').waitFor();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByTestId('list-total').getByText('Requests found: 2').waitFor();
  assert.equal(await rows.filter({ hasText: titles[1]! }).count(), 0);
  assert.equal((await api(`/v3/signature-requests/${requests[1]!.id}`, { token })).status, 404);
  assert.equal((await api(`/v3/signature-requests/${requests[0]!.id}`, { token })).status, 200);
  await context.close();
});

test('a request another person must sign first cannot be batch-signed, and the page says why', async () => {
  const owner = await createUser('Otto', 'Owner');
  const ownerToken = owner.token;
  const signer = await createUser('Sina', 'Signer');
  const open = await requestFor(ownerToken, 'Owner open', signer.email, 'aes');

  const { context, page } = await signedInPage(browser(), owner);
  await settled(page);
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get('filter') === 'all');
  const row = page.getByTestId('request-row').filter({ hasText: 'Owner open' });
  await row.getByText('Sina Signer: waiting').waitFor();
  await row.getByRole('checkbox').check();
  assert.equal(await page.getByRole('button', { name: 'Sign (0)' }).isDisabled(), true);
  assert.equal(await page.getByRole('button', { name: 'Delete (0)' }).isDisabled(), true);
  await page.getByText('Not deleted (1)', { exact: false }).waitFor();
  await page.getByText('Not signed in the batch (1)', { exact: false }).waitFor();
  assert.equal((await api<Request>(`/v3/signature-requests/${open.id}`, { token: ownerToken })).status, 200);
  await context.close();
});

test('a business admin switches automatic deletion on and off from the dashboard', async () => {
  const business = await createBusiness('Dashboard AG');
  const { admin } = business;
  const { token } = admin;
  const settings = async () =>
    (
      await api<{ signatureRequests: { retention: { enabled: boolean } } }>(
        `/v1/businesses/${business.id}/settings`,
        { token },
      )
    ).body.signatureRequests.retention.enabled;

  const { context, page } = await signedInPage(browser(), admin);
  await settled(page);
  const control = page.getByTestId('auto-deletion');
  await control.getByText('Off for your business', { exact: false }).waitFor();
  // Business members sign on the business's account: no free-credit notice.
  assert.equal(await page.getByTestId('free-credit').count(), 0);
  await control.getByRole('button', { name: 'Switch on' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Switch on' }).click();
  await control.getByText('On for your business', { exact: false }).waitFor();
  assert.equal(await settings(), true);
  await control.getByRole('button', { name: 'Switch off' }).click();
  await dialog.getByRole('button', { name: 'Switch off' }).click();
  await control.getByText('Off for your business', { exact: false }).waitFor();
  assert.equal(await settings(), false);
  await context.close();
});
