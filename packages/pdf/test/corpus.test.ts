import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  addSignatureFields,
  closePdfEngine,
  findPdfHeader,
  inspectPdf,
  normalizePdf,
  renderPage,
  type PdfError,
} from '../src/index';
import {
  REJECTED,
  REPAIRED,
  USER_PASSWORD,
  USER_PASSWORD_FILE,
  corpus,
  corpusBytes,
  run,
} from './corpus-manifest';

const work = mkdtempSync(join(tmpdir(), 'signet-pdf-corpus-'));
afterAll(() => closePdfEngine());

function codeOf(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'resolved',
    (e: PdfError) => e.code,
  );
}

/** The bytes the service would keep as a document's first version (repaired / decrypted rewrite). */
async function firstVersion(file: string): Promise<Uint8Array> {
  const bytes = corpusBytes(file);
  if (file === USER_PASSWORD_FILE) return normalizePdf(bytes, { password: USER_PASSWORD });
  return REPAIRED.has(file) ? normalizePdf(bytes) : bytes;
}

describe('corpus: inspect and render page 1', () => {
  it('the policy table agrees with the manifest (pure rejects are rejected, accepts accepted)', () => {
    for (const entry of corpus) {
      if (entry.expected.startsWith('reject:')) expect(REJECTED[entry.file]).toBeDefined();
      if (entry.expected.startsWith('accept;')) expect(REJECTED[entry.file]).toBeUndefined();
    }
  });

  it.each(corpus.map((c) => [c.file, c] as const))('%s', async (file, entry) => {
    const bytes = corpusBytes(file);
    const rejected = REJECTED[file];
    if (rejected !== undefined) {
      expect(await codeOf(inspectPdf(bytes))).toBe(rejected);
      expect(await codeOf(renderPage(bytes, 1))).toBe(rejected);
      return;
    }
    const password = file === USER_PASSWORD_FILE ? USER_PASSWORD : undefined;
    const info = await inspectPdf(bytes, { password });
    expect(info.pageCount).toBe(entry.pages);
    expect(info.needsRepair).toBe(REPAIRED.has(file));
    const png = await renderPage(bytes, 1, { scale: 100, password });
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    const page = info.pages[0];
    expect(Math.abs((meta.width ?? 0) - (page?.width ?? 0))).toBeLessThanOrEqual(1);
    expect(Math.abs((meta.height ?? 0) - (page?.height ?? 0))).toBeLessThanOrEqual(1);

    if (REPAIRED.has(file)) {
      // The rewrite opens cleanly with the same pages; qpdf finds nothing left to repair.
      const clean = await normalizePdf(bytes);
      // Offsets (ByteRange, xref) of what gets signed are file offsets: the header comes first.
      expect(findPdfHeader(clean)).toBe(0);
      const again = await inspectPdf(clean);
      expect(again.needsRepair).toBe(false);
      expect(again.pageCount).toBe(entry.pages);
      const path = join(work, `normalized-${file}`);
      writeFileSync(path, clean);
      expect(run('qpdf', ['--check', path]).status).toBe(0);
    }
  });

  it('user-password file: PASSWORD_REQUIRED without or with a wrong password, accepted with it', async () => {
    const bytes = corpusBytes(USER_PASSWORD_FILE);
    expect(await codeOf(inspectPdf(bytes))).toBe('PDF_PASSWORD_REQUIRED');
    expect(await codeOf(inspectPdf(bytes, { password: 'wrong' }))).toBe('PDF_PASSWORD_REQUIRED');
    const info = await inspectPdf(bytes, { password: USER_PASSWORD });
    expect(info.encryption?.userPasswordRequired).toBe(true);
    // Rendering keeps opened documents per worker: never for a caller without the password.
    expect((await renderPage(bytes, 1, { password: USER_PASSWORD })).length).toBeGreaterThan(0);
    expect(await codeOf(renderPage(bytes, 1))).toBe('PDF_PASSWORD_REQUIRED');
    // The decrypted rewrite needs no password any more.
    const plain = await normalizePdf(bytes, { password: USER_PASSWORD });
    expect((await inspectPdf(plain)).encryption).toBeNull();
  });

  it('owner-password-only file opens without a password and reports its permissions', async () => {
    const info = await inspectPdf(corpusBytes('encrypted-owner-password-aes128-signing-allowed.pdf'));
    expect(info.encryption).toMatchObject({
      userPasswordRequired: false,
      permissions: { fillForms: true, modify: false },
    });
    expect(info.signatureFields).toMatchObject([{ name: 'Signature1', signed: false, page: 1 }]);
  });

  it('reports existing signatures with SubFilter and ByteRange', async () => {
    const info = await inspectPdf(corpusBytes('signed-pades-b-valid-total.pdf'));
    expect(info.revisionCount).toBe(2);
    expect(info.signatureFields).toMatchObject([
      {
        name: 'Signature1',
        signed: true,
        subFilter: 'ETSI.CAdES.detached',
        byteRange: [0, 19645, 52415, 7914],
      },
    ]);
  });

  it('scale 200 draws the scale-100 picture at twice the resolution', async () => {
    const bytes = corpusBytes('pdf13-indesign-us-constitution-19p.pdf');
    const small = await renderPage(bytes, 2, { scale: 100 });
    const { width, height } = await sharp(small).metadata();
    const a = await sharp(small).greyscale().raw().toBuffer();
    const b = await sharp(await renderPage(bytes, 2, { scale: 200, format: 'webp' }))
      .resize(width, height)
      .greyscale()
      .raw()
      .toBuffer();
    let delta = 0;
    for (let i = 0; i < a.length; i++) delta += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
    expect(delta / a.length).toBeLessThan(8);
  });

  it('caps huge pages and reports the effective scale', async () => {
    const { renderPages } = await import('../src/index');
    const [page] = await renderPages(corpusBytes('page-size-banner-1m-x-10cm.pdf'), [1], { scale: 800 });
    expect(page?.width).toBeLessThanOrEqual(8192);
    expect(page?.scale).toBeLessThan(800);
  });
});

describe('corpus: addSignatureFields', () => {
  const accepted = corpus.filter((c) => REJECTED[c.file] === undefined).map((c) => c.file);

  it.each(accepted)('%s', async (file) => {
    const input = await firstVersion(file);
    const output = await addSignatureFields(input, [
      { name: 'SignetA', page: 1, x: 10, y: 10, width: 120, height: 50 },
      { name: 'SignetB', page: 1, x: 10, y: 70, width: 120, height: 50 },
    ]);
    expect(Buffer.compare(Buffer.from(output.subarray(0, input.length)), Buffer.from(input))).toBe(0);
    const path = join(work, `fields-${file}`);
    writeFileSync(path, output);
    const inputPath = join(work, `input-${file}`);
    writeFileSync(inputPath, input);
    // qpdf exits 0 when clean, 3 with warnings only (hint tables of some linearized originals),
    // 2 with errors: the update adds no error and no warning the input did not have.
    const severity = (status: number) => ({ 0: 0, 3: 1 })[status] ?? 2;
    const before = severity(run('qpdf', ['--check', inputPath]).status);
    const after = severity(run('qpdf', ['--check', path]).status);
    expect(after).toBeLessThan(2);
    expect(after).toBeLessThanOrEqual(before);
    const sig = run('pdfsig', ['-nocert', path]).out;
    expect(sig).toContain('Signature Field Name: SignetA');
    expect(sig).toContain('Signature Field Name: SignetB');
    const info = await inspectPdf(output);
    expect(info.revisionCount).toBeGreaterThanOrEqual(2);
    expect(info.signatureFields.find((f) => f.name === 'SignetA')).toMatchObject({ page: 1, signed: false });
  });

  it('keeps an existing signature valid', async () => {
    const output = await addSignatureFields(corpusBytes('signed-pades-b-valid-total.pdf'), [
      { name: 'Next', page: 1, x: 20, y: 20 },
    ]);
    const path = join(work, 'fields-signed-valid.pdf');
    writeFileSync(path, output);
    const sig = run('pdfsig', ['-nocert', path]).out;
    expect(sig).toMatch(/Signature Field Name: Signature1[\s\S]*Signature Validation: Signature is Valid\./);
  });

  /** /Rect each displayed rectangle must produce, derived from CropBox and /Rotate by hand. */
  function expectedRect(
    crop: number[],
    rotation: number,
    r: { x: number; y: number; w: number; h: number },
  ): number[] {
    const [cx0, cy0, cx1, cy1] = crop as [number, number, number, number];
    switch (rotation) {
      case 90:
        return [cx0 + r.y, cy0 + r.x, cx0 + r.y + r.h, cy0 + r.x + r.w];
      case 180:
        return [cx1 - r.x - r.w, cy0 + r.y, cx1 - r.x, cy0 + r.y + r.h];
      case 270:
        return [cx1 - r.y - r.h, cy1 - r.x - r.w, cx1 - r.y, cy1 - r.x];
      default:
        return [cx0 + r.x, cy1 - r.y - r.h, cx0 + r.x + r.w, cy1 - r.y];
    }
  }

  it.each([
    ['rotated-pages-90-180-270-0.pdf', 1, [0, 0, 595.2756, 841.8898], 90],
    ['rotated-pages-90-180-270-0.pdf', 2, [0, 0, 595.2756, 841.8898], 180],
    ['rotated-pages-90-180-270-0.pdf', 3, [0, 0, 595.2756, 841.8898], 270],
    ['rotated-pages-90-180-270-0.pdf', 4, [0, 0, 595.2756, 841.8898], 0],
    ['mediabox-negative-origin-rotate90.pdf', 1, [-100, -300, 512, 492], 90],
    ['mediabox-offset-acrobat-linearized.pdf', 1, [-99, -99, 612, 792], 0],
    ['scanned-epson-ccitt-5p-indirect-rotate.pdf', 2, [0, 0, 612, 792], 0],
  ] as const)('%s page %i: /Rect follows the top-left coordinates', async (file, page, crop, rotation) => {
    const r = { x: 40, y: 25, w: 200, h: 80 };
    const output = await addSignatureFields(corpusBytes(file), [
      { name: 'Placed', page, x: r.x, y: r.y, width: r.w, height: r.h },
    ]);
    const info = await inspectPdf(output);
    expect(info.pages[page - 1]?.rotation).toBe(rotation);
    const doc = new mupdf.PDFDocument(output);
    const widget = doc
      .findPage(page - 1)
      .get('Annots')
      .get(doc.findPage(page - 1).get('Annots').length - 1);
    const rect = [0, 1, 2, 3].map((i) => widget.get('Rect').get(i).asNumber());
    expect(widget.get('AP').get('N').isStream()).toBe(true); // PDF/A: every widget has an appearance
    const want = expectedRect([...crop], rotation, r);
    rect.forEach((v, i) => expect(v).toBeCloseTo(want[i] as number, 2));
    expect(info.signatureFields.find((f) => f.name === 'Placed')?.rect).toMatchObject({
      x: expect.closeTo(r.x, 2),
      y: expect.closeTo(r.y, 2),
    });
    doc.destroy();
  });

  it('rejects bad fields with stable codes', async () => {
    const bytes = corpusBytes('form-acrobat-linearized-xref-stream-empty-sig-field.pdf');
    const add = (f: Parameters<typeof addSignatureFields>[1][number]) =>
      codeOf(addSignatureFields(bytes, [f]));
    expect(await add({ name: 'Signature1', page: 1, x: 0, y: 0 })).toBe('PDF_FIELD_EXISTS');
    expect(await add({ name: 'S', page: 2, x: 0, y: 0 })).toBe('PDF_PAGE_OUT_OF_RANGE');
    expect(await add({ name: 'S', page: 1, x: 400, y: 0 })).toBe('PDF_FIELD_INVALID_RECT');
    expect(await add({ name: 'S', page: 1, x: 0, y: 0, width: 0 })).toBe('PDF_FIELD_INVALID_RECT');
    expect(await add({ name: 'a.b', page: 1, x: 0, y: 0 })).toBe('PDF_FIELD_INVALID_NAME');
    const twice = [
      { name: 'Same', page: 1, x: 0, y: 0 },
      { name: 'Same', page: 1, x: 0, y: 200 },
    ];
    expect(await codeOf(addSignatureFields(bytes, twice))).toBe('PDF_FIELD_EXISTS');
    expect(
      await codeOf(addSignatureFields(corpusBytes('malformed-bad-startxref-offset.pdf'), [twice[0]!])),
    ).toBe('PDF_DAMAGED');
  });
});
