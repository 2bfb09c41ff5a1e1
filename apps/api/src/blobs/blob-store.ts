import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Content-addressed file store: a blob is named by the SHA-256 of its bytes and written atomically
 * (temp file, then rename), so a crash never leaves half a document under a valid name.
 */
export class BlobStore {
  private readonly tempDir: string;

  constructor(private readonly root: string) {
    this.tempDir = join(root, 'tmp');
    mkdirSync(this.tempDir, { recursive: true });
  }

  private pathOf(sha256: string): string {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error('not a SHA-256 hex digest');
    return join(this.root, sha256.slice(0, 2), sha256);
  }

  private async commit(tempPath: string, sha256: string): Promise<void> {
    const target = this.pathOf(sha256);
    mkdirSync(join(this.root, sha256.slice(0, 2)), { recursive: true });
    if (existsSync(target)) await rm(tempPath, { force: true });
    else await rename(tempPath, target);
  }

  async put(bytes: Uint8Array): Promise<{ sha256: string; size: number }> {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const tempPath = join(this.tempDir, randomBytes(12).toString('hex'));
    await writeFile(tempPath, bytes);
    await this.commit(tempPath, sha256);
    return { sha256, size: bytes.byteLength };
  }

  /**
   * Streams into the store with bounded memory, hashing on the way. Stops with `onLimit`'s error
   * as soon as more than `maxBytes` arrived; nothing is kept then.
   */
  async putStream(
    source: Readable,
    maxBytes: number,
    onLimit: () => Error,
  ): Promise<{ sha256: string; size: number }> {
    const tempPath = join(this.tempDir, randomBytes(12).toString('hex'));
    const hash = createHash('sha256');
    let size = 0;
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
        createWriteStream(tempPath),
      );
    } catch (error) {
      await rm(tempPath, { force: true });
      throw error;
    }
    const sha256 = hash.digest('hex');
    await this.commit(tempPath, sha256);
    return { sha256, size };
  }

  read(sha256: string): Promise<Buffer> {
    return readFile(this.pathOf(sha256));
  }

  stream(sha256: string): Readable {
    return createReadStream(this.pathOf(sha256));
  }

  async size(sha256: string): Promise<number> {
    return (await stat(this.pathOf(sha256))).size;
  }

  async remove(sha256: string): Promise<void> {
    await rm(this.pathOf(sha256), { force: true });
  }
}
