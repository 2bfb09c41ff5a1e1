import * as mupdf from 'mupdf';

/** A line of text encoded for an Identity-H font: glyph ids as hex and the width at size 1. */
export interface EncodedText {
  hex: string;
  /** Advance width in text space units per 1 pt of font size. */
  width: number;
}

/** Glyphs the font lacks are drawn as "?" rather than as invisible .notdef boxes. */
export function encodeText(font: mupdf.Font, text: string): EncodedText {
  const fallback = font.encodeCharacter('?');
  let hex = '';
  let width = 0;
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0) ?? 0x3f;
    // Control characters (line breaks included) would print as boxes: show a space instead.
    let gid = cp < 0x20 ? font.encodeCharacter(' ') : font.encodeCharacter(cp);
    if (gid === 0) gid = fallback;
    hex += gid.toString(16).padStart(4, '0');
    width += font.advanceGlyph(gid);
  }
  return { hex, width };
}
