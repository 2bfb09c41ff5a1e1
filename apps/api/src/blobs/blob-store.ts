import type { Readable } from 'node:stream';

/**
 * Content-addressed blob storage: a blob is named by the SHA-256 of its bytes and appears under that
 * name whole or not at all. Files on disk by default; S3-compatible object storage when several
 * processes (or machines) share one installation.
 */
export interface BlobStore {
  put(bytes: Uint8Array): Promise<{ sha256: string; size: number }>;
  /**
   * Streams into the store with bounded memory, hashing on the way. Stops with `onLimit`'s error
   * as soon as more than `maxBytes` arrived; nothing is kept then.
   */
  putStream(
    source: Readable,
    maxBytes: number,
    onLimit: () => Error,
  ): Promise<{ sha256: string; size: number }>;
  read(sha256: string): Promise<Buffer>;
  /** The bytes as a stream; a missing blob makes the stream fail, as a missing file does. */
  stream(sha256: string): Readable;
  size(sha256: string): Promise<number>;
  remove(sha256: string): Promise<void>;
  /** Throws when the store cannot be reached or written to (the readiness check). */
  check(): Promise<void>;
}

export function keyOf(sha256: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error('not a SHA-256 hex digest');
  return `${sha256.slice(0, 2)}/${sha256}`;
}
