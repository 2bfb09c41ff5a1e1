import { PdfError } from '../errors';

const HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
const EOF_MARKER = [0x25, 0x25, 0x45, 0x4f, 0x46]; // "%%EOF"

/** Byte offset of "%PDF-" within the first 1024 bytes (the window readers accept), or -1. */
export function findPdfHeader(bytes: Uint8Array): number {
  return indexOf(bytes, HEADER, 0, Math.min(bytes.length, 1024 + HEADER.length));
}

/** Content sniffing, not the file name: an upload is a PDF only if it carries the header. */
export function assertPdfHeader(bytes: Uint8Array): void {
  if (findPdfHeader(bytes) < 0) throw new PdfError('PDF_NOT_A_PDF', 'the file does not start like a PDF');
}

/**
 * Whether "%%EOF" occurs in the last 4 KiB. A file that needs repair AND has no end marker was cut
 * off: the lost tail may have held content, so the engine refuses it rather than sign a guess.
 */
export function hasEofMarker(bytes: Uint8Array): boolean {
  return indexOf(bytes, EOF_MARKER, Math.max(0, bytes.length - 4096), bytes.length) >= 0;
}

function indexOf(bytes: Uint8Array, needle: number[], from: number, to: number): number {
  outer: for (let i = from; i + needle.length <= to; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
