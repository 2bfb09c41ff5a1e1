import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe.ts';
import { createUser } from './factories.ts';
import { api, settled, signedInPage, useBrowser } from './support.ts';

const corpus = '/work/shared/pdf-corpus';
const shots = join(import.meta.dirname, 'screenshots');
const MB = 1024 * 1024;

interface RequestList {
  total: number;
  items: Array<{ id: string; title: string; status_overall: string; documents: Array<{ title: string }> }>;
}

const browser = useBrowser();

async function signedInOnUpload(width = 1280) {
  const user = await createUser('Ulla', 'Upload');
  const token = user.token;
  const { context, page } = await signedInPage(browser(), user, { width });
  await page.goto('/upload');
  await settled(page);
  await page.getByRole('heading', { name: 'Upload documents' }).waitFor();
  return { page, context, token };
}

/** Every POST /api/v3/documents the page makes: its answer's status, and the documents it created. */
function recordUploads(page: Page): { statuses: number[]; documentIds: string[] } {
  const seen = { statuses: [] as number[], documentIds: [] as string[] };
  page.on('response', async (response) => {
    if (response.request().method() !== 'POST' || new URL(response.url()).pathname !== '/api/v3/documents')
      return;
    seen.statuses.push(response.status());
    if (response.status() === 201) {
      const body = (await response.json()) as { documents: Array<{ id: string }> };
      seen.documentIds.push(...body.documents.map((document) => document.id));
    }
  });
  return seen;
}

async function assertFits(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${where}: ${overflow}px horizontal overflow`);
}

test('a non-PDF and an oversize file show their errors and create nothing', async () => {
  // Given by path: a 41 MB buffer is slow to hand to the browser.
  const dir = mkdtempSync(join(tmpdir(), 'signet-upload-'));
  const notesFile = join(dir, 'notes.txt');
  const hugePdf = join(dir, 'huge.pdf');
  writeFileSync(notesFile, 'just some text');
  writeFileSync(hugePdf, Buffer.alloc(41 * MB, 0x25));
  const { page, context, token } = await signedInOnUpload();
  const uploads = recordUploads(page);
  await page.getByTestId('file-input').setInputFiles(
    // The corpus JPEG is named like a PDF: caught by its content before it is sent.
    [notesFile, join(corpus, 'not-a-pdf-jpeg-image.pdf'), hugePdf],
    { timeout: 120_000 },
  );
  const items = page.getByTestId('upload-item');
  const notes = items.filter({ hasText: 'notes.txt' });
  await notes.getByText('This file is not a PDF.', { exact: false }).waitFor();
  await items
    .filter({ hasText: 'not-a-pdf-jpeg-image.pdf' })
    .getByText('This file is not a PDF.', { exact: false })
    .waitFor();
  await items
    .filter({ hasText: 'huge.pdf' })
    .getByText('This document is larger than 40 MB.', { exact: false })
    .waitFor();
  assert.equal(await notes.getAttribute('data-status'), 'error');
  await page.getByText('No document could be uploaded yet.', { exact: false }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Continue' }).isDisabled(), true);
  await assertFits(page, 'upload errors 1280');
  assert.deepEqual(await seriousViolations(page), []);
  await page.screenshot({ path: join(shots, 'upload-errors-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 900 });
  await assertFits(page, 'upload errors 390');
  await page.screenshot({ path: join(shots, 'upload-errors-390.png'), fullPage: true });

  // Nothing was sent, and the user has no request.
  assert.deepEqual(uploads.statuses, []);
  const list = await api<RequestList>('/v3/signature-requests?filter=all', { token });
  assert.equal(list.body.total, 0);
  await context.close();
});

test('a protected PDF asks for its password; the server refusal creates nothing until it is right', async () => {
  const { page, context, token } = await signedInOnUpload(390);
  const uploads = recordUploads(page);
  await page
    .getByTestId('file-input')
    .setInputFiles(join(corpus, 'encrypted-user-password-rc4-openpassword.pdf'));
  const item = page.getByTestId('upload-item');
  await item.getByText('This PDF is protected by a password.', { exact: false }).waitFor();
  // Before the password is sent, the page says the signed copy will not be protected.
  await item.getByText('keeps an unprotected copy for signing', { exact: false }).waitFor();
  assert.deepEqual(uploads.statuses, [400]);
  await item.getByLabel('PDF password').fill('wrong-password');
  await item.getByRole('button', { name: 'Unlock and upload' }).click();
  await item.getByText('That password does not open this PDF.', { exact: false }).waitFor();
  await assertFits(page, 'upload password 390');
  assert.deepEqual(await seriousViolations(page), []);
  await page.screenshot({ path: join(shots, 'upload-password-390.png'), fullPage: true });
  assert.equal((await api<RequestList>('/v3/signature-requests?filter=all', { token })).body.total, 0);
  await item.getByLabel('PDF password').fill('openpassword');
  await item.getByRole('button', { name: 'Unlock and upload' }).click();
  await page.waitForSelector('[data-testid="upload-item"][data-status="done"]');
  assert.deepEqual(uploads.statuses, [400, 400, 201]);
  // Taking an uploaded file off the list deletes its document again.
  const [documentId] = uploads.documentIds;
  assert.equal((await api(`/v3/documents/${documentId}`, { token })).status, 200);
  await item.getByRole('button', { name: /^Remove / }).click();
  await item.waitFor({ state: 'detached' });
  for (let tries = 0; tries < 50; tries++) {
    if ((await api(`/v3/documents/${documentId}`, { token })).status === 404) break;
    await page.waitForTimeout(100);
  }
  assert.equal((await api(`/v3/documents/${documentId}`, { token })).status, 404);

  // A PDF whose permissions forbid signing: its owner password lifts them.
  const restricted = join(mkdtempSync(join(tmpdir(), 'signet-upload-')), 'restricted.pdf');
  execFileSync('qpdf', [
    '--encrypt',
    '',
    'owner-secret',
    '256',
    '--modify=none',
    '--',
    join(corpus, 'basic-pdf15-libreoffice-writer.pdf'),
    restricted,
  ]);
  await page.getByTestId('file-input').setInputFiles(restricted);
  const locked = page.getByTestId('upload-item').filter({ hasText: 'restricted.pdf' });
  await locked.getByText('do not allow signing it. Enter its owner password', { exact: false }).waitFor();
  await locked.getByText('keeps an unprotected copy for signing', { exact: false }).waitFor();
  await locked.getByLabel('Owner password of the PDF').fill('not-it');
  await locked.getByRole('button', { name: 'Lift restrictions and upload' }).click();
  await locked.getByText('That password does not lift the restrictions', { exact: false }).waitFor();
  assert.deepEqual(await seriousViolations(page), []);
  await page.screenshot({ path: join(shots, 'upload-owner-password-390.png'), fullPage: true });
  await locked.getByLabel('Owner password of the PDF').fill('owner-secret');
  await locked.getByRole('button', { name: 'Lift restrictions and upload' }).click();
  await page.waitForSelector('[data-testid="upload-item"][data-status="done"]');
  assert.deepEqual(uploads.statuses.slice(3), [400, 400, 201]);
  await context.close();
});

test('uploading corpus PDFs shows progress and leads to the editor with a draft', async () => {
  const { page, context, token } = await signedInOnUpload();
  // A slow connection, so the progress bars can be seen and photographed.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: 4 * MB,
    uploadThroughput: 600 * 1024,
  });
  const names = ['linearized-pdf15-117-pages-latex.pdf', 'pdf13-indesign-us-constitution-19p.pdf'];
  const files = names.map((name) => join(corpus, name));
  await page.getByTestId('file-input').setInputFiles(files);
  const progress = page.getByRole('progressbar').first();
  await progress.waitFor();
  await page.screenshot({ path: join(shots, 'upload-progress-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 900 });
  await assertFits(page, 'upload progress 390');
  await page.screenshot({ path: join(shots, 'upload-progress-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await page.waitForFunction(
    (count) => document.querySelectorAll('[data-testid="upload-item"][data-status="done"]').length === count,
    files.length,
    { timeout: 60_000 },
  );
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname === '/upload' && Boolean(url.searchParams.get('sr')));
  const sr = new URL(page.url()).searchParams.get('sr');
  const list = await api<RequestList>('/v3/signature-requests?filter=all&status=DRAFT', { token });
  assert.equal(list.body.total, 1);
  const draft = list.body.items[0]!;
  assert.equal(draft.id, sr);
  assert.equal(draft.status_overall, 'DRAFT');
  assert.equal(draft.documents.length, files.length);
  assert.equal(draft.title, names[0]!.replace(/\.pdf$/, ''));
  await context.close();
});
