import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Copies a stream into a new temp file in `dir`, hashing on the way: a blob's name (its SHA-256) is
 * known only once the last byte arrived. Past `maxBytes` it stops with `onLimit`'s error and keeps
 * nothing.
 */
export async function spoolHashed(
  source: Readable,
  dir: string,
  maxBytes: number,
  onLimit: () => Error,
): Promise<{ path: string; sha256: string; size: number }> {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, randomBytes(12).toString('hex'));
  const hash = createHash('sha256');
  let size = 0;
  // The file exists before the first byte: a write stream would create it on its own time, and a
  // stream refused early (past the limit) could then leave a file after the clean-up below.
  const file = await open(path, 'wx');
  try {
    await pipeline(
      source,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          size += chunk.length;
          if (size > maxBytes) throw onLimit();
          hash.update(chunk);
          yield chunk;
        }
      },
      file.createWriteStream(),
    );
  } catch (error) {
    await file.close().catch(() => undefined);
    await rm(path, { force: true });
    throw error;
  }
  return { path, sha256: hash.digest('hex'), size };
}
