import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Image variants kept on disk, at most `maxBytes` together: past that the least recently used go
 * first. The sizes are counted in memory (read from the folder once), so a hit costs one file read.
 * Files are written atomically (temp file + rename): a reader never sees half a picture.
 */
export class VariantCache {
  /** Key → size, least recently used first (a Map keeps insertion order). */
  private entries: Map<string, number> | null = null;
  private total = 0;

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
  ) {}

  async get(key: string): Promise<Buffer | null> {
    const entries = await this.load();
    const size = entries.get(key);
    if (size === undefined) return null;
    try {
      const bytes = await readFile(join(this.dir, key));
      entries.delete(key);
      entries.set(key, size);
      return bytes;
    } catch {
      // Removed behind our back (another process's eviction, an operator): encode it again.
      this.forget(key);
      return null;
    }
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const entries = await this.load();
    await mkdir(this.dir, { recursive: true });
    const temp = join(this.dir, `.${key}.${randomUUID()}`);
    await writeFile(temp, bytes);
    await rename(temp, join(this.dir, key));
    this.forget(key);
    entries.set(key, bytes.length);
    this.total += bytes.length;
    await this.evict(key);
  }

  /** The bytes the cache holds now (for tests and the bench). */
  get size(): number {
    return this.total;
  }

  private async evict(keep: string): Promise<void> {
    const entries = this.entries!;
    for (const [key] of entries) {
      if (this.total <= this.maxBytes) return;
      if (key === keep) continue;
      this.forget(key);
      await unlink(join(this.dir, key)).catch(() => undefined);
    }
  }

  private forget(key: string): void {
    const size = this.entries?.get(key);
    if (size === undefined) return;
    this.entries!.delete(key);
    this.total -= size;
  }

  /** What the folder holds from earlier runs, oldest first. */
  private async load(): Promise<Map<string, number>> {
    if (this.entries) return this.entries;
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const found = await Promise.all(
      names
        .filter((name) => !name.startsWith('.'))
        .map(async (name) => {
          const info = await stat(join(this.dir, name)).catch(() => null);
          return info?.isFile() ? { name, size: info.size, used: info.mtimeMs } : null;
        }),
    );
    const files = found.filter((file) => file !== null).sort((a, b) => a.used - b.used);
    this.entries ??= new Map(files.map((file) => [file.name, file.size]));
    this.total = [...this.entries.values()].reduce((sum, size) => sum + size, 0);
    return this.entries;
  }
}
