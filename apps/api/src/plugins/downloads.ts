/**
 * Control characters, line and paragraph separators, and the bidirectional controls (embeddings,
 * overrides, isolates, LRM/RLM, ALM): a right-to-left override makes "invoice<RLO>fdp.exe" read
 * as "invoiceexe.pdf", so none of them may reach a name people see or save.
 */
const unsafeInNames = /[\p{Cc}\p{Zl}\p{Zp}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** Text that names a file (a document title too), without the characters above. */
export function withoutControlCharacters(text: string): string {
  return text.replace(unsafeInNames, '');
}

/** A file name without any path and without control characters, at most 200 characters. */
export function safeFilename(name: string | undefined, fallback = 'attachment'): string {
  const base = withoutControlCharacters((name ?? '').split(/[\\/]/).pop()!).trim();
  return base.slice(-200) || fallback;
}

/** Content-Disposition for a download: an ASCII fallback name plus the exact UTF-8 name (RFC 6266). */
export function attachmentDisposition(name: string): string {
  const clean = withoutControlCharacters(name).trim() || 'download';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(clean)}`;
}
