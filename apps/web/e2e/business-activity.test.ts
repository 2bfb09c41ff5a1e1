import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { createBusiness, createRequest, createUser, inviteAndAccept } from './factories.ts';
import { shoot } from './page-shots.ts';
import { api, pathOf, usePages } from './support.ts';

// Issue 14 (activity): an admin reads the business dashboard (overview and charts), the activity
// reports by tab, and downloads the signatures CSV, read back here with a CSV parser.

const { pageAs } = usePages();

test('an admin sees the dashboard with its charts, the activity reports, and exports the signatures as CSV', async () => {
  const business = await createBusiness('Activity Test AG', ['Alma', 'Admin']);
  const member = await createUser('Max', 'Muster');
  await inviteAndAccept(business, member);
  // A title a spreadsheet would run as a formula, with a comma and quotes to quote.
  const title = '=Quarterly, "review"';
  const signed = await createRequest(business.admin.token, {
    title,
    signatures: [{ account_email: member.email }],
  });
  const signing = await api('/v3/sign', {
    method: 'POST',
    token: member.token,
    body: { signatureRequests: [{ id: signed.id }], language: 'en-gb' },
  });
  assert.equal(signing.status, 200, JSON.stringify(signing.body));
  await createRequest(business.admin.token, {
    title: 'Waiting',
    signatures: [{ account_email: member.email }],
  });

  const page = await pageAs(business.admin.token);
  await page.goto('/business');
  await page.getByRole('heading', { name: 'Business dashboard', level: 1 }).waitFor();
  assert.equal(pathOf(page), '/business/dashboard');
  const tile = (name: string) => page.getByRole('region', { name });
  await tile('Seats used')
    .getByText(/^2 of \d+$/)
    .waitFor();
  await tile('Seats used').getByText('2 people · 1 admin').waitFor();
  await tile('Signatures this month').getByText('1', { exact: true }).waitFor();
  await tile('Open requests').getByText('1', { exact: true }).waitFor();
  await tile('Plan').getByText('Trial').waitFor();

  // The charts are drawn, and their numbers are there as tables for screen readers.
  const signaturesChart = page.getByRole('figure', { name: 'Signatures per month' });
  await signaturesChart.getByText('1 signature in the last 12 months, by quality.').waitFor();
  assert.ok((await signaturesChart.locator('svg rect').count()) > 0, 'bars drawn');
  const table = page.getByRole('table', { name: 'Signatures per month' });
  assert.deepEqual(await table.getByRole('columnheader').allTextContents(), [
    'Month',
    'SES',
    'AES',
    'QES',
    'Part 11',
  ]);
  assert.equal(await table.getByRole('row').count(), 13);
  const activeChart = page.getByRole('figure', { name: 'Active members' });
  await activeChart.getByText('2 members signed in, signed or sent a request this month.').waitFor();
  await shoot(page, 'business-dashboard');

  await tile('Signatures this month').getByRole('link', { name: 'See activity' }).click();
  await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
  assert.equal(new URL(page.url()).searchParams.get('tab'), 'signatures');
  // The header's Business item stands for every business page, not the dashboard alone.
  const mainNav = page.getByRole('navigation', { name: 'Main navigation' });
  assert.equal(await mainNav.getByRole('link', { name: 'Business' }).getAttribute('aria-current'), 'page');
  const report = page.getByRole('table', { name: 'Signatures' });
  await report.getByRole('cell', { name: title }).waitFor();
  await report.getByRole('cell', { name: 'Max Muster' }).waitFor();
  await shoot(page, 'business-activity-signatures');

  // The export downloads the range shown (this month so far) as CSV with a BOM.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Signatures (CSV)' }).click();
  const download = await downloading;
  assert.match(download.suggestedFilename(), /^signature_usage_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync((await download.path())!);
  assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
  const rows = parse(bytes, { bom: true, columns: true }) as Array<Record<string, string>>;
  assert.equal(rows.length, 1);
  assert.equal(rows[0]!.email, member.email);
  assert.equal(rows[0]!.request_title, `'${title}`);

  await page.getByRole('tab', { name: 'Accounts' }).click();
  const accounts = page.getByRole('table', { name: 'Accounts' });
  await accounts.getByRole('cell', { name: 'Alma Admin' }).waitFor();
  assert.equal(await accounts.getByRole('row').count(), 3);
  await accounts.getByRole('button', { name: 'Member' }).click();
  await accounts.getByRole('row').nth(1).getByRole('cell', { name: 'Alma Admin' }).waitFor();

  await page.getByRole('tab', { name: 'Identifications' }).click();
  await page.getByText('No identifications in these days').waitFor();
  assert.equal(new URL(page.url()).searchParams.get('tab'), 'identifications');
  await shoot(page, 'business-activity-identifications');

  // A reversed range is refused on the page, before any call.
  await page.getByLabel('To').fill('2020-01-01');
  await page.getByText('The end date is before the start date.').waitFor();
  assert.equal(await page.getByRole('button', { name: 'Identifications (CSV)' }).isDisabled(), true);

  await page.goto('/business/members/activity');
  await page.getByRole('tab', { name: 'Signatures', selected: true }).waitFor();
  assert.equal(pathOf(page), '/business/activity');
});
