import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import type { VisualSignature, VisualSignatureList } from '@signet/contracts/visual-signatures';
import { seriousViolations } from './axe.ts';
import { createRequest, createUser } from './factories.ts';
import { api, baseUrl, cspViolations, settled, signedInPage, useBrowser } from './support.ts';

// Journey (d) of issue 12: a visual signature with a custom image is made, previewed, made the
// default, and signing draws it into the PDF as its preview shows it.

const browser = useBrowser();
const shots = join(import.meta.dirname, 'screenshots');
/** Preview and page render at 2× (144 dpi): the 300 × 140 pt stamp is 600 × 280 px. */
const scale = 2;
/** The request's signature box, in points from the page's top-left corner (whole pixels at 2×). */
const box = { x: 60, y: 420, width: 300, height: 140 };

/** A handwriting-like stroke on a transparent background, drawn by the browser as a PNG. */
async function strokePng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 160;
    const g = canvas.getContext('2d')!;
    g.strokeStyle = '#123a8c';
    g.lineWidth = 8;
    g.lineCap = 'round';
    g.beginPath();
    g.moveTo(20, 120);
    g.bezierCurveTo(120, -20, 240, 200, 460, 40);
    g.stroke();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/**
 * A PNG's pixels (RGBA over white), decoded by the browser's own image decoder; from bytes, since
 * the page's CSP refuses fetching data: URLs. (No named functions inside: the test's transpiler
 * would wrap them in a helper the page does not have.)
 */
async function rgba(page: Page, png: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const decoded = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(image.width, image.height);
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#fff';
    g.fillRect(0, 0, image.width, image.height);
    g.drawImage(image, 0, 0);
    const data = g.getImageData(0, 0, image.width, image.height).data;
    let binary = '';
    for (let i = 0; i < data.length; i++) binary += String.fromCharCode(data[i]!);
    return { base64: btoa(binary), width: image.width, height: image.height };
  }, png.toString('base64'));
  return { data: Buffer.from(decoded.base64, 'base64'), width: decoded.width, height: decoded.height };
}

/**
 * How two PNGs of the same size differ, outside the QR code's square (it points at the request,
 * which a preview cannot know): mean channel difference and the share of pixels off by more than 64.
 */
async function difference(page: Page, a: Buffer, b: Buffer, mask: { x: number; y: number; size: number }) {
  const [p, q] = [await rgba(page, a), await rgba(page, b)];
  assert.deepEqual([p.width, p.height], [q.width, q.height]);
  let sum = 0;
  let samples = 0;
  let differing = 0;
  for (let y = 0; y < p.height; y++)
    for (let x = 0; x < p.width; x++) {
      if (x >= mask.x && x < mask.x + mask.size && y >= mask.y && y < mask.y + mask.size) continue;
      const i = (y * p.width + x) * 4;
      let worst = 0;
      for (let c = 0; c < 3; c++) {
        const delta = Math.abs(p.data[i + c]! - q.data[i + c]!);
        sum += delta;
        worst = Math.max(worst, delta);
      }
      samples++;
      if (worst > 64) differing++;
    }
  return { meanDelta: sum / (samples * 3), differingShare: differing / samples };
}

/** The picture an <img> of the page shows, as a PNG. */
async function shownPng(image: Locator): Promise<Buffer> {
  const dataUrl = await image.evaluate((element: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = element.naturalWidth;
    canvas.height = element.naturalHeight;
    canvas.getContext('2d')!.drawImage(element, 0, 0);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** The preview picture of a visual signature, as the page fetches it. */
async function previewPng(token: string, id: string): Promise<Buffer> {
  const response = await fetch(`${baseUrl}/api/v1/images/signature/${id}?scale=${scale * 100}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  assert.equal(response.status, 200);
  return Buffer.from(await response.arrayBuffer());
}

/** The signed PDF's first page rendered by poppler at 2×, cut to the signature box (as a PNG, by Chromium). */
async function signedStamp(page: Page, pdf: Buffer): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'signet-visual-'));
  try {
    writeFileSync(join(dir, 'signed.pdf'), pdf);
    execFileSync(
      'pdftoppm',
      ['-r', String(72 * scale), '-f', '1', '-l', '1', '-singlefile', '-png', 'signed.pdf', 'page'],
      {
        cwd: dir,
      },
    );
    const pagePng = readFileSync(join(dir, 'page.png')).toString('base64');
    const cut = await page.evaluate(
      async ([png, r]) => {
        const image = await createImageBitmap(
          new Blob([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], { type: 'image/png' }),
        );
        const canvas = new OffscreenCanvas(r.width, r.height);
        canvas.getContext('2d')!.drawImage(image, r.x, r.y, r.width, r.height, 0, 0, r.width, r.height);
        const blob = await canvas.convertToBlob({ type: 'image/png' });
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let binary = '';
        for (const byte of bytes) binary += String.fromCharCode(byte);
        return btoa(binary);
      },
      [
        pagePng,
        { x: box.x * scale, y: box.y * scale, width: box.width * scale, height: box.height * scale },
      ] as const,
    );
    return Buffer.from(cut, 'base64');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a visual signature with a custom image is made, previewed, made default, and signed as previewed', async () => {
  const user = await createUser('Vera', 'Visual');
  const { context, page } = await signedInPage(browser(), user);
  mkdirSync(shots, { recursive: true });

  await page.goto('/profile/visual-signature');
  await settled(page);
  await page.getByRole('heading', { name: 'No visual signature yet' }).waitFor();

  // A suggestion saved as it is: the first visual signature becomes the default.
  await page.getByRole('button', { name: 'Use “Standard”' }).click();
  const standard = page.getByRole('article', { name: 'Standard' });
  await standard.getByText('Default', { exact: true }).waitFor();

  // A new one with company, place and a custom image; its live preview follows the form.
  await page.getByRole('button', { name: 'New visual signature' }).first().click();
  const editor = page.getByRole('region', { name: 'New visual signature' });
  await editor.getByLabel('Label').fill('Work');
  assert.equal(await editor.getByLabel('Name').inputValue(), 'Vera Visual');
  await editor.getByLabel('Company or second line').fill('Visual & Söhne AG');
  await editor.getByLabel('Location').fill('Zürich');
  await editor
    .getByRole('img', { name: 'Live preview of the visual signature' })
    .and(page.locator('img'))
    .waitFor();
  // A wrong file is named at once and not kept.
  await editor
    .locator('input[type=file]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await editor.getByRole('alert').filter({ hasText: 'not a PNG or JPEG' }).waitFor();
  await editor
    .locator('input[type=file]')
    .setInputFiles({ name: 'signature.png', mimeType: 'image/png', buffer: await strokePng(page) });
  await editor.getByText('Chosen: signature.png').waitFor();
  assert.deepEqual(await seriousViolations(page), []);
  await page.screenshot({ path: join(shots, 'visual-signature-editor-1280.png'), fullPage: true });
  await editor.getByRole('button', { name: 'Save' }).click();
  await page.getByText('“Work” was saved.').waitFor();

  const work = page.getByRole('article', { name: 'Work' });
  await work.getByText('With image').waitFor();
  await work
    .getByRole('img', { name: 'Preview of the visual signature “Work”' })
    .and(page.locator('img'))
    .waitFor();
  assert.equal(await work.getByText('Default', { exact: true }).count(), 0);
  await work.getByRole('button', { name: 'Make “Work” the default' }).click();
  await page.getByText('“Work” is now drawn when you sign.').waitFor();
  await work.getByText('Default', { exact: true }).waitFor();
  assert.equal(await standard.getByText('Default', { exact: true }).count(), 0);

  // The suggestion is deleted through its confirmation dialog.
  await standard.getByRole('button', { name: 'Delete “Standard”' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete visual signature' });
  await dialog.getByText('“Standard” and its image will be deleted.').waitFor();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await standard.waitFor({ state: 'detached' });
  // Checked once the dialog has faded out (half-faded text has too little contrast by design).
  await dialog.waitFor({ state: 'detached' });
  assert.deepEqual(await seriousViolations(page), []);
  await page.screenshot({ path: join(shots, 'visual-signature-1280.png'), fullPage: true });

  const list = await api<VisualSignatureList>('/v1/user/visual-signatures', { token: user.token });
  // The card shows the current picture (with the image uploaded after the signature was made).
  const cardPicture = await shownPng(
    work.getByRole('img', { name: 'Preview of the visual signature “Work”' }),
  );
  const current = await previewPng(user.token, list.body.visualSignatures[0]!.id);
  const shown = await difference(page, cardPicture, current, { x: 0, y: 0, size: 0 });
  assert.ok(shown.differingShare < 0.01, JSON.stringify(shown));
  const saved = list.body.visualSignatures;
  assert.equal(saved.length, 1);
  const look = saved[0] as VisualSignature;
  assert.deepEqual([look.alias, look.default, look.hasCustomImage], ['Work', true, true]);

  // Signing draws the default visual signature. The date is drawn to the minute: the stamp matches
  // the preview fetched just before or just after signing (the minute may turn in between).
  const request = await createRequest(user.token, {
    title: 'Visual',
    signatures: [{ account_email: user.email, visual_signatures: [{ position: { page: 1, ...box } }] }],
  });
  const before = await previewPng(user.token, look.id);
  const signed = await api('/v3/sign', {
    method: 'POST',
    token: user.token,
    body: { signatureRequests: [{ id: request.id }] },
  });
  assert.equal(signed.status, 200, JSON.stringify(signed.body));
  const after = await previewPng(user.token, look.id);
  const download = await fetch(`${baseUrl}/api/v3/documents/${request.documents[0]!.id}/download`, {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  const stamp = await signedStamp(page, Buffer.from(await download.arrayBuffer()));
  writeFileSync(join(shots, 'visual-signature-signed-stamp.png'), stamp);
  // The QR square of a 300 × 140 pt stamp: 6 pt padding, 96 pt side, centred (1 pt margin).
  const qr = { x: 5 * scale, y: 21 * scale, size: 98 * scale };
  const matches = await Promise.all([before, after].map((preview) => difference(page, stamp, preview, qr)));
  const best = matches.reduce((a, b) => (a.meanDelta <= b.meanDelta ? a : b));
  // poppler draws the PDF, mupdf the preview: edges differ by anti-aliasing and hinting, so the bounds
  // of the API's pixel test for poppler apply (mean below 6 of 255, under 4 % of pixels off by > 64).
  assert.ok(best.meanDelta < 6 && best.differingShare < 0.04, JSON.stringify(matches));
  assert.deepEqual(cspViolations(context), []);
  await context.close();

  // The same page on a phone.
  const phone = await signedInPage(browser(), user, { width: 390 });
  await phone.page.goto('/profile/visual-signature');
  await settled(phone.page);
  await phone.page
    .getByRole('img', { name: 'Preview of the visual signature “Work”' })
    .and(phone.page.locator('img'))
    .waitFor();
  const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${overflow}px horizontal overflow at 390 px`);
  await phone.page.screenshot({ path: join(shots, 'visual-signature-390.png'), fullPage: true });
  await phone.page.getByRole('button', { name: 'Edit “Work”' }).click();
  await phone.page
    .getByRole('region', { name: 'Edit “Work”' })
    .getByRole('img', { name: 'Live preview of the visual signature' })
    .and(phone.page.locator('img'))
    .waitFor();
  await phone.page.screenshot({ path: join(shots, 'visual-signature-editor-390.png'), fullPage: true });
  await phone.context.close();
});
