import { createHash, randomBytes } from 'node:crypto';
import { constants, createReadStream, existsSync, mkdirSync } from 'node:fs';
import { access, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { keyOf, type BlobStore } from './blob-store.ts';
import { spoolHashed } from './spool.ts';

/**
 * Blobs as files under the data folder, written atomically (temp file, then rename), so a crash
 * never leaves half a document under a valid name.
 */
export class FileBlobStore implements BlobStore {
  private readonly tempDir: string;

  constructor(private readonly root: string) {
    this.tempDir = join(root, 'tmp');
    mkdirSync(this.tempDir, { recursive: true });
  }

  private pathOf(sha256: string): string {
    return join(this.root, keyOf(sha256));
  }

  private async commit(tempPath: string, sha256: string): Promise<void> {
    const target = this.pathOf(sha256);
    mkdirSync(dirname(target), { recursive: true });
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

  async putStream(
    source: Readable,
    maxBytes: number,
    onLimit: () => Error,
  ): Promise<{ sha256: string; size: number }> {
    const spooled = await spoolHashed(source, this.tempDir, maxBytes, onLimit);
    await this.commit(spooled.path, spooled.sha256);
    return { sha256: spooled.sha256, size: spooled.size };
  }

  async read(sha256: string): Promise<Buffer> {
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

  async check(): Promise<void> {
    await access(this.tempDir, constants.W_OK);
  }
}
