// Shared steps of the signing E2E tests: placing boxes in the request editor, reading codes and links
// from the sandbox outboxes, and checking a signed PDF with pdfsig (signatures) and qpdf/pdfinfo
// (where their widgets are).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { baseUrl } from './support.ts';

const run = promisify(execFile);

/** A rectangle on a page in PDF points, from the page's top-left corner (y down), as the editor places it. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface PageBox extends Box {
  page: number;
}

/** Where a box is on its page, in PDF points, measured from the screen the way a user sees it. */
export async function placedPoints(page: Page, box: Locator, pageWidthPt: number): Promise<Box> {
  const figure = page.locator('figure', { has: box });
  const pageRect = await figure.getByTestId('page').boundingBox();
  const rect = await box.boundingBox();
  assert.ok(pageRect && rect, 'the box and its page are on screen');
  const k = pageRect.width / pageWidthPt;
  return {
    x: (rect.x - pageRect.x) / k,
    y: (rect.y - pageRect.y) / k,
    width: rect.width / k,
    height: rect.height / k,
  };
}

/** Drags `handle` by (dx, dy) screen pixels with the mouse, in small steps as a hand would. */
export async function dragBy(page: Page, handle: Locator, dx: number, dy: number): Promise<void> {
  // In the middle of the window: clear of the sticky header and action bar.
  await handle.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const rect = await handle.boundingBox();
  assert.ok(rect, 'the handle is on screen');
  const x = rect.x + rect.width / 2;
  const y = rect.y + rect.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 4 });
  await page.mouse.move(x + dx, y + dy, { steps: 4 });
  await page.mouse.up();
}

export function assertNear(actual: Box, expected: Box, what: string, tolerancePt = 1): void {
  for (const key of ['x', 'y', 'width', 'height'] as const)
    assert.ok(
      Math.abs(actual[key] - expected[key]) <= tolerancePt,
      `${what}: ${key} is ${actual[key]}, expected ${expected[key]} (±${tolerancePt} pt)`,
    );
}

/** Waits for a signing overlay with this title (QES with OCSP and timestamp can take a while). */
export async function expectOverlay(page: Page, title: string, timeout = 60_000): Promise<void> {
  await page.locator('#signet-overlay-title').filter({ hasText: title }).waitFor({ timeout });
}

/**
 * Picks `item` from the request page's download menu (its button named `button`) and waits for the
 * file: its path, which the browser keeps until the page's context closes.
 */
export async function downloadFromMenu(page: Page, item: string, button = 'Download'): Promise<string> {
  await page.getByRole('button', { name: button }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: item }).click();
  const path = await (await downloading).path();
  assert.ok(path, `${item} was downloaded`);
  return path;
}

interface Sms {
  text: string;
  createdAt?: string;
}

async function smsTo(mobile: string): Promise<Sms[]> {
  const response = await fetch(`${baseUrl}/sandbox/sms.json?to=${encodeURIComponent(mobile)}`);
  return ((await response.json()) as { messages: Sms[] }).messages;
}

/** How many SMS the number has received so far (to wait for the next one with `tanFromSms`). */
export async function smsCount(mobile: string): Promise<number> {
  return (await smsTo(mobile)).length;
}

/** The six-digit code of the newest SMS to `mobile`, waiting until more than `after` SMS arrived. */
export async function tanFromSms(mobile: string, after = 0, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const messages = await smsTo(mobile);
    // The outbox lists the newest first.
    const code = messages.length > after ? /\b(\d{6})\b/.exec(messages[0]!.text)?.[1] : undefined;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no SMS code to ${mobile} after ${after} messages`);
}

/** The direct link with the exit-URL query parameters of spec §2/§5 appended. */
export function withExitQuery(link: string, exit: { exit: string; redirectTimeout?: number; lang?: string }) {
  const url = new URL(link);
  url.searchParams.set('exit', exit.exit);
  if (exit.redirectTimeout !== undefined)
    url.searchParams.set('redirectTimeout', String(exit.redirectTimeout));
  if (exit.lang) url.searchParams.set('lang', exit.lang);
  return url.href;
}

async function withScratchDir<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'signet-e2e-pdf-'));
  try {
    return await use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The signature widgets of a signed PDF by signer id, read by qpdf and placed with pdfinfo's page boxes. */
export async function widgetRects(pdf: Uint8Array): Promise<Map<string, PageBox>> {
  return withScratchDir(async (dir) => {
    const file = join(dir, 'signed.pdf');
    writeFileSync(file, pdf);
    const { stdout } = await run('qpdf', ['--json', '--json-key=acroform', '--json-key=qpdf', file], {
      maxBuffer: 256 << 20,
    });
    const json = JSON.parse(stdout) as {
      acroform: { fields: Array<{ fullname: string; pageposfrom1: number; annotation: { object: string } }> };
      qpdf: [unknown, Record<string, { value: { '/Rect'?: number[] } }>];
    };
    const fields = json.acroform.fields.filter((f) => f.fullname.startsWith('Signature-'));
    const last = Math.max(1, ...fields.map((f) => f.pageposfrom1));
    const info = (await run('pdfinfo', ['-box', '-f', '1', '-l', String(last), file])).stdout;
    const rects = new Map<string, PageBox>();
    for (const field of fields) {
      const n = field.pageposfrom1;
      const crop = new RegExp(`Page\\s+${n} CropBox:\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)`).exec(info);
      const rot = new RegExp(`Page\\s+${n} rot:\\s+(\\d+)`).exec(info);
      assert.ok(crop, `pdfinfo gives page ${n}'s CropBox`);
      assert.equal(Number(rot?.[1] ?? 0), 0, 'widgetRects reads unrotated pages only');
      const [x0, , , y1] = crop.slice(1).map(Number) as [number, number, number, number];
      const rect = json.qpdf[1][`obj:${field.annotation.object}`]?.value['/Rect'];
      assert.ok(rect?.length === 4, `${field.fullname} has a /Rect`);
      const [llx, lly, urx, ury] = rect as [number, number, number, number];
      // PDF user space (y up, origin at the box corner) → the displayed page (y down, from the top-left).
      rects.set(field.fullname.slice('Signature-'.length), {
        page: n,
        x: llx - x0,
        y: y1 - ury,
        width: urx - llx,
        height: ury - lly,
      });
    }
    return rects;
  });
}

/** One signature as pdfsig describes it. */
export interface PdfsigSignature {
  fieldName: string;
  /** pdfsig's "Signature Validation:" line, e.g. "Signature is Valid." */
  signature: string;
  /** pdfsig's "Certificate Validation:" line, e.g. "Certificate is Trusted." */
  certificate: string;
  text: string;
}

/**
 * pdfsig's report on a PDF, checked against the server's own trust list (GET /api/v1/trust-list.pem,
 * the sandbox QTSP's roots in an NSS database; issuing CAs only help build the path). Online OCSP
 * stays on: the sandbox responder answers at the URLs its certificates name.
 */
export async function pdfsig(
  pdf: Uint8Array,
): Promise<{ stdout: string; signatures: PdfsigSignature[]; documentTimestamps: PdfsigSignature[] }> {
  const pem = await (await fetch(`${baseUrl}/api/v1/trust-list.pem`)).text();
  return withScratchDir(async (dir) => {
    const nss = `sql:${join(dir, 'nss')}`;
    await run('mkdir', ['-p', join(dir, 'nss')]);
    await run('certutil', ['-N', '-d', nss, '--empty-password']);
    const pems = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
    assert.ok(pems.length > 0, 'the server publishes a trust list');
    for (const [n, text] of pems.entries()) {
      const cert = new X509Certificate(text);
      const file = join(dir, `ca-${n}.pem`);
      writeFileSync(file, text);
      const root = cert.subject === cert.issuer && cert.checkIssued(cert);
      await run('certutil', [
        '-A',
        '-d',
        nss,
        '-n',
        `signet-ca-${n}`,
        '-t',
        root ? 'CT,C,C' : ',,',
        '-a',
        '-i',
        file,
      ]);
    }
    const file = join(dir, 'signed.pdf');
    writeFileSync(file, pdf);
    // pdfsig exits non-zero when a signature does not validate; the report says why.
    const { stdout } = await run('pdfsig', ['-nssdir', nss, file]).catch((error: { stdout?: string }) => ({
      stdout: error.stdout ?? '',
    }));
    const entries = stdout
      .split(/^Signature #\d+:$/m)
      .slice(1)
      .map((text) => ({
        fieldName: /Signature Field Name: (.*)$/m.exec(text)?.[1]?.trim() ?? '',
        signature: /Signature Validation: (.*)$/m.exec(text)?.[1]?.trim() ?? '',
        certificate: /Certificate Validation: (.*)$/m.exec(text)?.[1]?.trim() ?? '',
        text,
      }));
    // Once a request is complete, a job adds an RFC 3161 document timestamp (B-LTA), which pdfsig
    // lists as a signature of type "unknown": it is kept apart, since the job may not have run yet.
    const isDocumentTimestamp = (entry: PdfsigSignature) => /Signature Type: unknown$/m.test(entry.text);
    return {
      stdout,
      signatures: entries.filter((entry) => !isDocumentTimestamp(entry)),
      documentTimestamps: entries.filter(isDocumentTimestamp),
    };
  });
}
