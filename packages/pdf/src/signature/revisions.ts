import * as mupdf from 'mupdf';

const latin1 = new TextDecoder('latin1');

/**
 * Offsets just past each "%%EOF" marker (and its end-of-line): the ends of the file's revisions.
 * A linearized file has one extra marker after its first-page section; callers only look at ends
 * after a signed range, which are real revision ends.
 */
export function revisionEnds(pdf: Uint8Array): number[] {
  const text = latin1.decode(pdf);
  const ends: number[] = [];
  for (let i = text.indexOf('%%EOF'); i >= 0; i = text.indexOf('%%EOF', i + 5)) {
    let end = i + 5;
    if (text[end] === '\r') end++;
    if (text[end] === '\n') end++;
    ends.push(end);
  }
  if (ends.length === 0 || ends[ends.length - 1]! < pdf.length) {
    // Bytes after the last marker (or a file without one) form a revision of their own.
    ends.push(pdf.length);
  }
  return ends;
}

/**
 * Opened prefixes of the file (each revision as it stood), shared by all checks of one validation.
 * Only the few most recently used stay open: a document of many revisions would otherwise hold
 * one copy of the file in WASM memory per revision. Results derived from them are memoised.
 */
export class RevisionDocuments {
  private static readonly OPEN_LIMIT = 4;
  private readonly docs = new Map<number, mupdf.PDFDocument | null>();
  private readonly results = new Map<string, unknown>();

  constructor(
    private readonly pdf: Uint8Array,
    private readonly password?: string,
  ) {}

  /**
   * The document as it stood at byte `end`. Valid until the next call of `at` with other ends
   * evicts it: callers use it at once and do not keep it.
   */
  at(end: number): mupdf.PDFDocument | null {
    const cached = this.docs.get(end);
    if (cached !== undefined) {
      // Most recently used last.
      this.docs.delete(end);
      this.docs.set(end, cached);
      return cached;
    }
    while (this.docs.size >= RevisionDocuments.OPEN_LIMIT) {
      const [oldest, doc] = this.docs.entries().next().value as [number, mupdf.PDFDocument | null];
      doc?.destroy();
      this.docs.delete(oldest);
    }
    let doc: mupdf.PDFDocument | null = null;
    try {
      doc = new mupdf.PDFDocument(this.pdf.subarray(0, end));
      if (doc.needsPassword()) doc.authenticatePassword(this.password ?? '');
    } catch {
      doc = null;
    }
    this.docs.set(end, doc);
    return doc;
  }

  memo<T>(key: string, compute: () => T): T {
    if (!this.results.has(key)) this.results.set(key, compute());
    return this.results.get(key) as T;
  }

  destroy(): void {
    for (const doc of this.docs.values()) doc?.destroy();
    this.docs.clear();
  }
}

/** Object numbers (in use) that the cross-reference section ending at `end` defines. */
export function updatedObjects(pdf: Uint8Array, end: number, doc: mupdf.PDFDocument): number[] {
  const tail = latin1.decode(pdf.subarray(Math.max(0, end - 1024), end));
  const match = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!match) return [];
  const offset = Number(match[1]);
  const head = latin1.decode(pdf.subarray(offset, Math.min(end, offset + 64)));
  const nums = new Set<number>();
  if (head.startsWith('xref')) {
    const section = latin1.decode(pdf.subarray(offset, end));
    const trailerAt = section.indexOf('trailer');
    const table = section.slice(4, trailerAt < 0 ? undefined : trailerAt);
    const lines = table
      .split(/\r\n|\r|\n/)
      .map((l) => l.trim())
      .filter((l) => l.length > 0);
    let next = 0;
    for (const line of lines) {
      const parts = line.split(/\s+/);
      if (parts.length === 2) next = Number(parts[0]);
      else if (parts.length === 3) {
        if (parts[2] === 'n') nums.add(next);
        next++;
      }
    }
    const xrefStm = trailerAt < 0 ? null : /\/XRefStm\s+(\d+)/.exec(section.slice(trailerAt));
    if (xrefStm) for (const n of xrefStreamObjects(pdf, Number(xrefStm[1]), doc)) nums.add(n);
  } else {
    for (const n of xrefStreamObjects(pdf, offset, doc)) nums.add(n);
  }
  return [...nums].sort((a, b) => a - b);
}

function xrefStreamObjects(pdf: Uint8Array, offset: number, doc: mupdf.PDFDocument): number[] {
  const head = /^\s*(\d+)\s+\d+\s+obj/.exec(latin1.decode(pdf.subarray(offset, offset + 64)));
  if (!head) return [];
  // Streams are read through their indirect reference (mupdf needs the object number).
  const stream = doc.newIndirect(Number(head[1]));
  if (!stream.isStream()) return [];
  const dict = stream.resolve();
  const widths: number[] = [];
  dict.get('W').forEach((w) => widths.push(w.asNumber()));
  const index: number[] = [];
  const indexObj = dict.get('Index');
  if (indexObj.isArray()) indexObj.forEach((v) => index.push(v.asNumber()));
  else index.push(0, dict.get('Size').asNumber());
  const data = stream.readStream().asUint8Array();
  const rowWidth = widths.reduce((s, w) => s + w, 0);
  const out: number[] = [];
  let row = 0;
  for (let i = 0; i + 1 < index.length; i += 2) {
    const first = index[i]!;
    const count = index[i + 1]!;
    for (let k = 0; k < count; k++, row++) {
      const at = row * rowWidth;
      if (rowWidth === 0 || at + rowWidth > data.length) return out;
      // Field 1 defaults to type 1 when its width is 0.
      let type = 1;
      if ((widths[0] ?? 0) > 0) {
        type = 0;
        for (let b = 0; b < widths[0]!; b++) type = type * 256 + data[at + b]!;
      }
      if (type === 1 || type === 2) out.push(first + k);
    }
  }
  return out;
}
