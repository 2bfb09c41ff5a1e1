import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import * as mupdf from 'mupdf';
import { listFormFields } from '../fields/form-fields';

/**
 * The two faces of a visible signature: the Helvetica-metric sans serif (URW Nimbus Sans) built
 * into mupdf's WASM, so the engine needs no font file on disk. It covers Latin, Greek and Cyrillic.
 */
const FACES = { F1: 'Helvetica', F2: 'Helvetica-Bold' } as const;
export type FaceKey = keyof typeof FACES;

const loaded = new Map<FaceKey, mupdf.Font>();

/** The face's font, loaded once per thread (mupdf parses the font program on every load). */
export function faceFont(face: FaceKey): mupdf.Font {
  let font = loaded.get(face);
  if (!font) {
    font = new mupdf.Font(FACES[face]);
    loaded.set(face, font);
  }
  return font;
}

/**
 * Key of Signet's marker in its Type0 font dictionaries: the characters the embedded subset holds,
 * as hex code point ranges ("20-7E,A0-17F"). Later signatures find an earlier revision's font by
 * it and reference that font instead of embedding the face again. Readers ignore unknown keys.
 */
const MARKER = 'SignetCharacters';

/**
 * Every subset holds at least printable ASCII, Latin-1 and Latin Extended-A: the letters of the
 * languages Signet is written in and of most names its signers have. A later signer whose name
 * stays inside them reuses the fonts of the first signature; one outside (e.g. Greek) makes the
 * engine embed a subset once more, holding everything the earlier one held as well.
 */
const BASE_CHARACTERS = [...range(0x20, 0x7e), ...range(0xa0, 0x17f)];

/** A bound on the candidates checked, against hostile files with thousands of "Signet" fonts. */
const MAX_CANDIDATES = 8;

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * The font objects of `doc` to draw `characters` with, one per face: an earlier revision's Signet
 * font whose subset holds them all (checked to be byte for byte what the engine would embed for
 * its claimed characters), else a new subset grafted into `doc`. New objects are written by the
 * caller's incremental save; earlier ones are only referenced, so earlier revisions stay unchanged.
 */
export function signatureFonts(
  doc: mupdf.PDFDocument,
  characters: ReadonlyMap<FaceKey, ReadonlySet<number>>,
): Map<FaceKey, mupdf.PDFObject> {
  const earlier = earlierSignetFonts(doc);
  const pick = (face: FaceKey, drawn: ReadonlySet<number>): mupdf.PDFObject => {
    const font = faceFont(face);
    const needed = [...drawn].filter((cp) => font.encodeCharacter(cp) !== 0);
    const candidates = earlier.filter((c) => c.face === face);
    for (const candidate of candidates) {
      if (!needed.every((cp) => candidate.characters.has(cp))) continue;
      const expected = withSubset(face, [...candidate.characters], (built) =>
        // The subset tag in /BaseFont is mupdf's digest of the glyphs: a cheap first test.
        built.get('BaseFont').asName() === candidate.font.get('BaseFont').asName()
          ? fingerprint(built)
          : null,
      );
      if (expected !== null && expected === fingerprint(candidate.font)) return candidate.font;
    }
    const wanted = new Set([...BASE_CHARACTERS, ...needed]);
    for (const candidate of candidates) for (const cp of candidate.characters) wanted.add(cp);
    const available = [...wanted].filter((cp) => font.encodeCharacter(cp) !== 0);
    return withSubset(face, available, (built) => doc.graftObject(built));
  };
  return new Map([...characters].map(([face, drawn]) => [face, pick(face, drawn)]));
}

interface EarlierFont {
  face: FaceKey;
  font: mupdf.PDFObject;
  characters: Set<number>;
}

/** Signet's fonts in the appearances of the document's signature fields, most characters first. */
function earlierSignetFonts(doc: mupdf.PDFDocument): EarlierFont[] {
  const found = new Map<number, EarlierFont>();
  for (const field of listFormFields(doc)) {
    if (field.type !== 'Sig' || field.widget === null) continue;
    const fonts = field.widget.get('AP', 'N', 'Resources', 'Font');
    if (!fonts.isDictionary()) continue;
    fonts.forEach((font) => {
      if (!font.isIndirect() || found.has(font.asIndirect())) return;
      const marker = font.get(MARKER);
      const baseFont = font.get('BaseFont');
      if (!marker.isString() || !baseFont.isName()) return;
      const face = (Object.keys(FACES) as FaceKey[]).find((k) => baseFont.asName().endsWith(`+${FACES[k]}`));
      const characters = parseRanges(marker.asString());
      if (face && characters) found.set(font.asIndirect(), { face, font, characters });
    });
  }
  return [...found.values()].sort((a, b) => b.characters.size - a.characters.size).slice(0, MAX_CANDIDATES);
}

/**
 * Builds the subset of `face` holding `characters` in a scratch document (mupdf subsets the glyphs
 * its pages show) and hands it to `use` before the scratch document goes. The result depends on the
 * characters alone: the same set gives the same bytes, which is how an earlier one is recognised.
 */
function withSubset<T>(face: FaceKey, characters: number[], use: (font: mupdf.PDFObject) => T): T {
  const scratch = new mupdf.PDFDocument();
  try {
    const font = faceFont(face);
    const ref = scratch.addFont(font);
    const glyphs = new Map<number, number>(); // gid → the first (lowest) character drawn with it
    for (const cp of [...characters].sort((a, b) => a - b)) {
      const gid = font.encodeCharacter(cp);
      if (gid !== 0 && !glyphs.has(gid)) glyphs.set(gid, cp);
    }
    const shown = [...glyphs.keys()].map((gid) => gid.toString(16).padStart(4, '0')).join('');
    scratch.insertPage(
      -1,
      scratch.addPage([0, 0, 1, 1], 0, { Font: { F: ref } }, `BT /F 1 Tf <${shown}> Tj ET`),
    );
    scratch.subsetFonts();
    trimToSubset(scratch, ref, font, glyphs);
    ref.put(MARKER, scratch.newString(formatRanges(characters)));
    return use(ref);
  } finally {
    scratch.destroy();
  }
}

/**
 * mupdf's subset keeps the glyph ids, so its /W and /ToUnicode still list every glyph of the face
 * (about 10 KB): they are rewritten for the subset's glyphs, and the streams are compressed.
 */
function trimToSubset(
  scratch: mupdf.PDFDocument,
  ref: mupdf.PDFObject,
  font: mupdf.Font,
  glyphs: Map<number, number>,
): void {
  const gids = [...glyphs.keys()].sort((a, b) => a - b);
  const cidFont = ref.get('DescendantFonts').get(0);
  // /W as runs of consecutive glyph ids: "first [w1 w2 …]".
  const widths = scratch.newArray();
  for (let i = 0; i < gids.length;) {
    const run = scratch.newArray();
    let j = i;
    do run.push(Math.round(font.advanceGlyph(gids[j]!) * 1000));
    while (++j < gids.length && gids[j] === gids[j - 1]! + 1);
    widths.push(gids[i]!);
    widths.push(run);
    i = j;
  }
  cidFont.put('W', scratch.addObject(widths));
  const toUnicode = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def /CMapType 2 def',
    '1 begincodespacerange <0000> <FFFF> endcodespacerange',
  ];
  for (let i = 0; i < gids.length; i += 100) {
    const chunk = gids.slice(i, i + 100);
    toUnicode.push(`${chunk.length} beginbfchar`);
    for (const gid of chunk) toUnicode.push(`<${hex4(gid)}> <${utf16Hex(glyphs.get(gid)!)}>`);
    toUnicode.push('endbfchar');
  }
  toUnicode.push('endcmap CMapName currentdict /CMap defineresource pop end end');
  ref.put('ToUnicode', compressedStream(scratch, Buffer.from(toUnicode.join('\n'), 'latin1'), {}));
  const descriptor = cidFont.get('FontDescriptor');
  for (const key of ['FontFile3', 'FontFile2', 'FontFile']) {
    const program = descriptor.get(key);
    if (!program.isStream()) continue;
    const data = program.readStream().asUint8Array();
    const dict: Record<string, unknown> = {};
    program.forEach((value, name) => {
      if (name !== 'Length' && name !== 'Filter' && name !== 'DecodeParms') dict[String(name)] = value;
    });
    descriptor.put(key, compressedStream(scratch, data, dict));
  }
}

/** A new stream of `data`, Flate-compressed (mupdf's incremental save writes streams as they are). */
export function compressedStream(
  doc: mupdf.PDFDocument,
  data: Uint8Array,
  dict: Record<string, unknown>,
): mupdf.PDFObject {
  return doc.addRawStream(deflateSync(data, { level: 9 }), { ...dict, Filter: doc.newName('FlateDecode') });
}

/**
 * What makes two fonts the same for drawing: every entry of the font's object tree, streams by the
 * digest of their decoded data. An earlier font is reused only when its fingerprint equals that of
 * the subset the engine would build for the characters it claims, so a file cannot slip the next
 * signer's appearance a font of its own under Signet's marker.
 */
function fingerprint(font: mupdf.PDFObject): string {
  const seen = new Set<number>();
  const walk = (obj: mupdf.PDFObject, depth: number): string => {
    if (depth > 8) return '…';
    if (obj.isIndirect()) {
      const num = obj.asIndirect();
      if (seen.has(num)) return '↺';
      seen.add(num);
    }
    if (obj.isStream()) {
      const digest = createHash('sha256').update(obj.readStream().asUint8Array()).digest('hex');
      return `stream ${digest} ${entries(obj, depth, ['Length', 'Filter', 'DecodeParms'])}`;
    }
    if (obj.isArray()) {
      const items: string[] = [];
      obj.forEach((item) => items.push(walk(item, depth + 1)));
      return `[${items.join(' ')}]`;
    }
    if (obj.isDictionary()) return entries(obj, depth, []);
    return obj.toString(true);
  };
  const entries = (obj: mupdf.PDFObject, depth: number, skip: string[]): string => {
    const parts: string[] = [];
    obj.forEach((value, key) => {
      if (!skip.includes(String(key))) parts.push(`/${String(key)} ${walk(value, depth + 1)}`);
    });
    return `<<${parts.sort().join(' ')}>>`;
  };
  return walk(font, 0);
}

function formatRanges(characters: Iterable<number>): string {
  const sorted = [...new Set(characters)].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    const from = sorted[i]!.toString(16).toUpperCase();
    out.push(j === i ? from : `${from}-${sorted[j]!.toString(16).toUpperCase()}`);
    i = j + 1;
  }
  return out.join(',');
}

/** The characters of a marker, or null when it is not one of ours (a bound keeps it small). */
function parseRanges(text: string): Set<number> | null {
  const characters = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^([0-9A-F]{1,6})(?:-([0-9A-F]{1,6}))?$/.exec(part);
    if (!match) return null;
    const from = parseInt(match[1]!, 16);
    const to = match[2] === undefined ? from : parseInt(match[2], 16);
    if (to < from || to > 0x10ffff || characters.size + (to - from) > 4096) return null;
    for (let cp = from; cp <= to; cp++) characters.add(cp);
  }
  return characters;
}

const hex4 = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');

function utf16Hex(cp: number): string {
  return Buffer.from(String.fromCodePoint(cp), 'utf16le').swap16().toString('hex').toUpperCase();
}
