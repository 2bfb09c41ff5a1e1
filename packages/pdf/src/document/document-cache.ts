import { createHash } from 'node:crypto';
import { openPdfDocument, type OpenedPdf } from './open-document';

/** Opened documents kept per worker: page views come one page at a time, for the same file. */
const CAPACITY = 3;
/** Larger files are not kept: their parsed state would crowd the worker's WASM memory. */
const MAX_CACHED_BYTES = 64 * 1024 * 1024;

const cache = new Map<string, OpenedPdf>();

/**
 * Read-only access to a document, reusing an earlier parse of the same bytes (fonts, images and
 * the page tree stay loaded). The key is the SHA-256 of the bytes plus the password, so a file
 * opened with its password is never served to a call without it. Callers must not modify `doc`.
 */
export function withCachedPdfDocument<T>(
  bytes: Uint8Array,
  password: string | undefined,
  fn: (opened: OpenedPdf) => T,
): T {
  if (bytes.length > MAX_CACHED_BYTES) {
    const opened = openPdfDocument(bytes, password);
    try {
      return fn(opened);
    } finally {
      opened.doc.destroy();
    }
  }
  const key = `${createHash('sha256').update(bytes).digest('hex')}:${password ?? ''}`;
  let opened = cache.get(key);
  if (opened === undefined) {
    opened = openPdfDocument(bytes, password);
    cache.set(key, opened);
    for (const [oldKey, old] of cache) {
      if (cache.size <= CAPACITY) break;
      cache.delete(oldKey);
      old.doc.destroy();
    }
  } else {
    // Most recently used last: Map keeps insertion order.
    cache.delete(key);
    cache.set(key, opened);
  }
  return fn(opened);
}
