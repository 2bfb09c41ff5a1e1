import { deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { PdfError } from '../errors';
import { renderPage } from '../render/render-page';
import { inspectPdf } from './inspect-pdf';
import { closePdfEngine, configurePdfEngine } from './worker-pool';

afterAll(() => closePdfEngine());

/** A minimal PDF with a correct xref table; objects[i] is the body of object i + 1. */
function pdf(objects: Array<string | Uint8Array>): Uint8Array {
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [enc.encode('%PDF-1.7\n')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = concat([
      enc.encode(`${i + 1} 0 obj\n`),
      typeof body === 'string' ? enc.encode(body) : body,
      enc.encode('\nendobj\n'),
    ]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
  ];
  parts.push(
    enc.encode(
      `${xref.join('\n')}\ntrailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
    ),
  );
  return concat(parts);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function stream(dict: string, data: Uint8Array): Uint8Array {
  return concat([
    new TextEncoder().encode(`<< ${dict} /Length ${data.length} >>\nstream\n`),
    data,
    new TextEncoder().encode('\nendstream'),
  ]);
}

const catalog = '<< /Type /Catalog /Pages 2 0 R >>';
const pages = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>';
const page = (extra = '') =>
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R ${extra} >>`;

/** Settles with the stable code, or "ok" when the engine could process the file safely. */
async function outcome(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    if (e instanceof PdfError) return e.code;
    throw e;
  }
}

describe('hostile input: bounded, answered with a code', () => {
  it('a page tree that contains itself is PDF_DAMAGED', async () => {
    const loop = pdf([
      catalog,
      '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>',
      page(),
      stream('', new Uint8Array()),
    ]);
    expect(await outcome(inspectPdf(loop))).toBe('PDF_DAMAGED');
    expect(await outcome(renderPage(loop, 1))).toBe('PDF_DAMAGED');
  });

  it('100 000 nested arrays (in annotations and content) neither crash nor hang the engine', async () => {
    const nested = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const file = pdf([
      catalog,
      pages,
      page('/Annots 5 0 R'),
      stream('', new TextEncoder().encode(`${nested} pop`)),
      nested,
    ]);
    // mupdf bounds its parser's nesting: the page tree is fine, the page content is refused.
    expect(await outcome(inspectPdf(file))).toBe('ok');
    expect(await outcome(renderPage(file, 1))).toBe('PDF_DAMAGED');
  });

  it('a stream declaring a 99 GB length is read safely', async () => {
    const body = new TextEncoder().encode('<< /Length 99999999999 >>\nstream\n0 0 m 100 100 l S\nendstream');
    const file = pdf([catalog, pages, page(), body]);
    expect(await outcome(renderPage(file, 1))).toBe('ok'); // read up to "endstream", not 99 GB
  });

  it('an image declaring 10^10 pixels does not exhaust memory (it is skipped)', async () => {
    const image = stream(
      '/Type /XObject /Subtype /Image /Width 100000 /Height 100000 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode',
      deflateSync(new Uint8Array(1 << 20)),
    );
    const file = pdf([
      catalog,
      pages,
      page('/Resources << /XObject << /I 5 0 R >> >>'),
      stream('', new TextEncoder().encode('q 200 0 0 200 0 0 cm /I Do Q')),
      image,
    ]);
    expect(await outcome(renderPage(file, 1, { scale: 100 }))).toBe('ok');
    expect(await outcome(inspectPdf(file))).toBe('ok');
  });

  it('work beyond the time budget ends with PDF_RESOURCE_LIMIT and the engine recovers', async () => {
    // ~120 MB of drawing operators, deflated to a small upload.
    const ops = new TextEncoder().encode('0 0 m 200 200 l 0 200 l h f\n'.repeat(4_000_000));
    const file = pdf([
      catalog,
      pages,
      page(),
      stream('/Filter /FlateDecode', deflateSync(ops, { level: 9 })),
    ]);
    configurePdfEngine({ taskTimeoutMs: 500 });
    try {
      expect(await outcome(renderPage(file, 1))).toBe('PDF_RESOURCE_LIMIT');
    } finally {
      configurePdfEngine({ taskTimeoutMs: 30_000 });
    }
    const small = pdf([catalog, pages, page(), stream('', new TextEncoder().encode('0 0 m 10 10 l S'))]);
    expect((await inspectPdf(small)).pageCount).toBe(1);
  });

  it('rejects non-PDF content by sniffing, whatever the name', async () => {
    expect(await outcome(inspectPdf(new TextEncoder().encode('GIF89a...')))).toBe('PDF_NOT_A_PDF');
    expect(await outcome(inspectPdf(new Uint8Array()))).toBe('PDF_NOT_A_PDF');
  });
});
