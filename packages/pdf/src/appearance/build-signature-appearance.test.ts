import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusBytes, run } from '../../test/corpus-manifest';
import { addSignatureFields } from '../fields/add-signature-fields';
import { findSignatureField } from '../fields/form-fields';
import { renderPage } from '../render/render-page';
import { closePdfEngine } from '../document/worker-pool';
import { applySignatureAppearance } from './build-signature-appearance';
import { renderAppearancePreview } from './render-appearance-preview';
import type { VisualSignatureData } from './visual-signature-data';

/** Every stream of an update that inflates (Flate data), decoded and joined. */
function inflatedStreams(update: Uint8Array): string {
  const text = latin1(update);
  const out: string[] = [];
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    try {
      out.push(latin1(inflateSync(update.subarray(start, end))));
    } catch {
      // not Flate data (ciphertext, or another filter)
    }
  }
  return out.join('\n');
}

const work = mkdtempSync(join(tmpdir(), 'signet-appearance-'));
afterAll(() => closePdfEngine());

/** en, de, fr, it: every accented letter the product's languages need. */
const data: VisualSignatureData = {
  name: 'Zoë Grüßmann-Öhlund',
  optionalLine: 'Société Générale Façade & Cie — Château',
  location: 'Zürich',
  date: '22.11.2026 10:15',
  qualityLabel: 'Qualifizierte elektronische Signatur',
  legislationLabel: 'ZertES',
  claim: 'Firmato elettronicamente: è così, perché sì. Signed electronically.',
  qrUrl: 'https://signet.example/verify/3f6a9c',
  part11: {
    signingName: 'Zoë Grüßmann',
    reason: 'Approved / Genehmigt / Approuvé',
    time: '2026-11-22 10:15:00 UTC',
  },
};
const WORDS = [
  'Zoë',
  'Grüßmann-Öhlund',
  'Société',
  'Générale',
  'Façade',
  'Château',
  'Zürich',
  'è',
  'così,',
  'perché',
  'sì.',
];

/**
 * Adds a field, then fills it in a second incremental update the way the signature half does:
 * appearance plus a signature value (/V; a dummy here, page images draw only filled fields).
 */
async function withAppearance(
  file: string,
  page: number,
  rect: { x: number; y: number; width: number; height: number },
  content: VisualSignatureData,
) {
  const prepared = await addSignatureFields(corpusBytes(file), [{ name: 'Sig', page, ...rect }]);
  return { prepared, filled: fill(prepared, 'Sig', content) };
}

/** Fills the named field as the signature half does: appearance and value in one update. */
function fill(prepared: Uint8Array, name: string, content: VisualSignatureData): Uint8Array {
  const doc = new mupdf.PDFDocument(prepared);
  const field = findSignatureField(doc, name);
  applySignatureAppearance(doc, field?.widget as mupdf.PDFObject, content);
  const value = doc.addObject(doc.newDictionary());
  value.put('Type', doc.newName('Sig'));
  field?.field.put('V', value);
  const filled = doc.saveToBuffer('incremental').asUint8Array().slice();
  doc.destroy();
  return filled;
}

/** A transparent PNG: a stroke on a fully transparent background. */
function transparentSignature(): Promise<Buffer> {
  const stroke =
    '<svg width="240" height="80"><path d="M10 60 C 60 0, 120 80, 230 20" stroke="#123" stroke-width="6" fill="none"/></svg>';
  return sharp({
    create: { width: 240, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([{ input: Buffer.from(stroke), top: 0, left: 0 }])
    .png()
    .toBuffer();
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

async function raw(png: Uint8Array) {
  const { data: px, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { px, width: info.width, height: info.height };
}

/** Pixels that differ between two renders, inside and outside a rectangle (with a 2 px margin). */
async function diff(
  a: Uint8Array,
  b: Uint8Array,
  r: { x: number; y: number; width: number; height: number },
) {
  const [ra, rb] = [await raw(a), await raw(b)];
  let inside = 0;
  let outside = 0;
  for (let y = 0; y < ra.height; y++) {
    for (let x = 0; x < ra.width; x++) {
      const i = (y * ra.width + x) * 3;
      if (ra.px[i] === rb.px[i] && ra.px[i + 1] === rb.px[i + 1] && ra.px[i + 2] === rb.px[i + 2]) continue;
      const within = x >= r.x - 2 && x <= r.x + r.width + 2 && y >= r.y - 2 && y <= r.y + r.height + 2;
      if (within) inside++;
      else outside++;
    }
  }
  return { inside, outside };
}

describe('visible signature appearance', () => {
  it('draws en/de/fr/it text with subset-embedded fonts, inside the field only', async () => {
    const rect = { x: 50, y: 60, width: 300, height: 140 };
    const { prepared, filled } = await withAppearance('basic-pdf15-libreoffice-writer.pdf', 1, rect, data);
    expect(Buffer.compare(Buffer.from(filled.subarray(0, prepared.length)), Buffer.from(prepared))).toBe(0);
    const path = join(work, 'filled.pdf');
    writeFileSync(path, filled);

    const fonts = run('pdffonts', [path])
      .out.split('\n')
      .filter((l) => /\+Helvetica/.test(l));
    expect(fonts).toHaveLength(2);
    for (const line of fonts) expect(line).toMatch(/\s+yes\s+yes\s+yes\s+\d+\s+0\s*$/); // emb, sub, uni
    const text = run('pdftotext', ['-f', '1', '-l', '1', path, '-']).out;
    for (const word of WORDS) expect(text).toContain(word);
    expect(run('qpdf', ['--check', path]).status).toBe(0);

    const original = await renderPage(corpusBytes('basic-pdf15-libreoffice-writer.pdf'), 1);
    expect((await diff(original, await renderPage(prepared, 1), rect)).inside).toBe(0); // empty field: not drawn
    const d = await diff(original, await renderPage(filled, 1), rect);
    expect(d.inside).toBeGreaterThan(2000);
    expect(d.outside).toBe(0);
  });

  it.each([
    [1, 90],
    [2, 180],
    [3, 270],
  ])('reads upright on page %i with /Rotate %i (same pixels as on the unrotated page)', async (page) => {
    const rect = { x: 50, y: 60, width: 300, height: 140 };
    const plain = await withAppearance('rotated-pages-90-180-270-0.pdf', 4, rect, data);
    const turned = await withAppearance('rotated-pages-90-180-270-0.pdf', page, rect, data);
    const crop = async (png: Uint8Array) =>
      sharp(png)
        .extract({ left: rect.x, top: rect.y, width: rect.width, height: rect.height })
        .raw()
        .toBuffer();
    const a = await crop(await renderPage(plain.filled, 4));
    const b = await crop(await renderPage(turned.filled, page));
    let delta = 0;
    for (let i = 0; i < a.length; i++) delta += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
    // Identical drawing; allow anti-aliasing noise only (the page content under the box is blank).
    expect(delta / a.length).toBeLessThan(2);
    const blank = await diff(
      await renderPage(turned.prepared, page),
      await renderPage(turned.filled, page),
      rect,
    );
    expect(blank.inside).toBeGreaterThan(2000);
    expect(blank.outside).toBe(0);
  });

  it("reuses an earlier signature's fonts, and embeds once more for characters they lack", async () => {
    const file = 'basic-pdf15-libreoffice-writer.pdf';
    const rects = {
      A: { x: 40, y: 500, width: 240, height: 90 },
      B: { x: 40, y: 600, width: 240, height: 90 },
      C: { x: 300, y: 600, width: 240, height: 90 },
    };
    const prepared = await addSignatureFields(
      corpusBytes(file),
      Object.entries(rects).map(([name, rect]) => ({ name, page: 1, ...rect })),
    );
    const stamp = (name: string): VisualSignatureData => ({
      name,
      date: '22.11.2026 10:15',
      claim: 'Signet',
    });
    const latin = stamp('Anna Muster');
    const polish = stamp('Łukasz Żółć'); // Latin Extended-A: inside every subset Signet embeds
    const greek = stamp('Αλέξανδρος Παπαδόπουλος'); // outside the first subset
    const first = fill(prepared, 'A', latin);
    const second = fill(first, 'B', polish);
    const third = fill(second, 'C', greek);
    const path = join(work, 'three-stamps.pdf');
    writeFileSync(path, third);
    // One regular face for all three; the bold one (the names) once more for the Greek letters.
    const fonts = run('pdffonts', [path])
      .out.split('\n')
      .filter((l) => /\+Helvetica/.test(l));
    expect(fonts.filter((l) => /\+Helvetica /.test(l))).toHaveLength(1);
    expect(fonts.filter((l) => /\+Helvetica-Bold /.test(l))).toHaveLength(2);
    expect(run('qpdf', ['--check', path]).status).toBe(0);
    const text = run('pdftotext', ['-f', '1', '-l', '1', path, '-']).out;
    for (const name of ['Anna Muster', 'Łukasz Żółć', 'Αλέξανδρος Παπαδόπουλος'])
      expect(text).toContain(name);
    // Drawn with reused or re-embedded fonts, each stamp looks exactly as with fonts of its own.
    const page = await renderPage(third, 1);
    for (const [name, content] of [
      ['B', polish],
      ['C', greek],
    ] as const) {
      const alone = await renderPage(fill(prepared, name, content), 1);
      expect((await diff(page, alone, rects[name])).inside, name).toBe(0);
    }
  });

  it('embeds its own fonts when an earlier "Signet" font is not what the engine would embed', async () => {
    const rect = { x: 40, y: 600, width: 240, height: 90 };
    const prepared = await addSignatureFields(corpusBytes('basic-pdf15-libreoffice-writer.pdf'), [
      { name: 'A', page: 1, ...rect },
      { name: 'B', page: 1, x: 300, y: 600, width: 240, height: 90 },
    ]);
    const first = fill(prepared, 'A', { name: 'Anna Muster' });
    // A later update claims Greek for the first subset, which does not hold it.
    const doc = new mupdf.PDFDocument(first);
    const font = findSignatureField(doc, 'A')!.widget!.get('AP', 'N', 'Resources', 'Font', 'F2');
    font.put('SignetCharacters', doc.newString(`${font.get('SignetCharacters').asString()},391-3C9`));
    const forged = doc.saveToBuffer('incremental').asUint8Array().slice();
    doc.destroy();
    const second = fill(forged, 'B', { name: 'Αλέξανδρος' });
    const path = join(work, 'forged-marker.pdf');
    writeFileSync(path, second);
    const bold = run('pdffonts', [path])
      .out.split('\n')
      .filter((l) => /\+Helvetica-Bold /.test(l));
    expect(bold).toHaveLength(2);
    expect(run('pdftotext', [path, '-']).out).toContain('Αλέξανδρος');
  });

  it('shrinks long text and a signature image into a small box without overflow', async () => {
    const rect = { x: 100, y: 100, width: 90, height: 30 };
    const image = await transparentSignature();
    const long = { ...data, name: `${data.name} ${data.name} ${data.name}`, image: new Uint8Array(image) };
    const { prepared, filled } = await withAppearance('basic-pdf15-libreoffice-writer.pdf', 1, rect, long);
    const d = await diff(
      await renderPage(prepared, 1, { scale: 300 }),
      await renderPage(filled, 1, { scale: 300 }),
      {
        x: rect.x * 3,
        y: rect.y * 3,
        width: rect.width * 3,
        height: rect.height * 3,
      },
    );
    expect(d.inside).toBeGreaterThan(500);
    expect(d.outside).toBe(0);
  });

  it('fills the existing field of an AES owner-password file (new objects encrypted like the rest)', async () => {
    const file = 'encrypted-owner-password-aes128-signing-allowed.pdf';
    const original = corpusBytes(file);
    const filled = fill(original, 'Signature1', data);
    expect(Buffer.compare(Buffer.from(filled.subarray(0, original.length)), Buffer.from(original))).toBe(0);
    const path = join(work, 'encrypted-filled.pdf');
    writeFileSync(path, filled);
    expect([0, 3]).toContain(run('qpdf', ['--check', path]).status); // the original has hint-table warnings
    expect(run('pdftotext', [path, '-']).out).toContain('Grüßmann-Öhlund');
    // The appearance's content stream ("BT /F2 … Tf") inflates to text in a plain file's update;
    // here it is ciphertext, which does not.
    expect(inflatedStreams(filled.subarray(original.length))).not.toContain(' Tf ');
    const plain = await withAppearance(
      'basic-pdf15-libreoffice-writer.pdf',
      1,
      { x: 9, y: 9, width: 99, height: 40 },
      data,
    );
    expect(inflatedStreams(plain.filled.subarray(plain.prepared.length))).toContain(' Tf ');
  });

  it('flattens a transparent signature image in PDF/A-1 files only (PDF/A-1 forbids soft masks)', async () => {
    const withImage = { ...data, image: new Uint8Array(await transparentSignature()) };
    const rect = { x: 50, y: 60, width: 300, height: 140 };
    const pdfa = await withAppearance('pdfa1b-ghostscript.pdf', 1, rect, withImage);
    expect(latin1(pdfa.filled.subarray(pdfa.prepared.length))).not.toContain('/SMask');
    const plain = await withAppearance('basic-pdf15-libreoffice-writer.pdf', 1, rect, withImage);
    expect(latin1(plain.filled.subarray(plain.prepared.length))).toContain('/SMask');
  });

  it('renders a preview picture of the appearance', async () => {
    const png = await renderAppearancePreview({ width: 300, height: 140 }, data, { scale: 200 });
    const meta = await sharp(png).stats();
    const size = await sharp(png).metadata();
    expect([size.width, size.height]).toEqual([600, 280]);
    expect(meta.channels[0]?.min).toBeLessThan(50); // dark ink on white
  });
});
