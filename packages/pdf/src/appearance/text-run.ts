import * as mupdf from 'mupdf';

/** A line of text encoded for an Identity-H font: glyph ids as hex and the width at size 1. */
export interface EncodedText {
  hex: string;
  /** Advance width in text space units per 1 pt of font size. */
  width: number;
  /** The characters drawn (after the replacements below): what the embedded subset must hold. */
  characters: number[];
}

/** Glyphs the font lacks are drawn as "?" rather than as invisible .notdef boxes. */
export function encodeText(font: mupdf.Font, text: string): EncodedText {
  const fallback = font.encodeCharacter('?');
  let hex = '';
  let width = 0;
  const characters: number[] = [];
  for (const ch of text.normalize('NFC')) {
    // Control characters (line breaks included) would print as boxes: show a space instead.
    let cp = Math.max(ch.codePointAt(0) ?? 0x3f, 0x20);
    let gid = font.encodeCharacter(cp);
    if (gid === 0) [cp, gid] = [0x3f, fallback];
    hex += gid.toString(16).padStart(4, '0');
    width += font.advanceGlyph(gid);
    characters.push(cp);
  }
  return { hex, width, characters };
}
