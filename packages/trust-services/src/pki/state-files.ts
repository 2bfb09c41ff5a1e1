import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { appendFile, mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { dirname, join } from 'node:path';

/** The folder under the data dir that holds every file of the sandbox providers. */
export function stateDir(dataDir: string): string {
  return join(dataDir, 'trust-services');
}

/** Writes via a temp file and rename, so a crash never leaves a half-written key, cert or state file. */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, data, { mode: 0o600 });
  await rename(temp, path);
}

export async function readFileIfExists(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Appends one JSON line. A single O_APPEND write of one short line is not torn by a concurrent appender,
 * which is all an append-only log needs (a rename would have to rewrite the whole log).
 */
export async function appendJsonLine(path: string, record: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await appendFile(path, `${JSON.stringify(record)}\n`, { mode: 0o600 });
}

/**
 * A value parsed from a state file, re-read only when the file changed on disk (inode, size or mtime).
 * Memory is thus a cache of the file, and several instances on one data dir (two test helpers in one
 * process, or a restarted sandbox) see each other's issued certificates, revocations and messages.
 */
export class FileBackedValue<T> {
  private version: string | null = null;
  private value: T;

  constructor(
    private readonly path: string,
    private readonly parse: (text: string | null) => T,
  ) {
    this.value = parse(null);
  }

  get(): T {
    let version = 'absent';
    try {
      const stat = statSync(this.path);
      version = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (version !== this.version) {
      this.value = this.parse(version === 'absent' ? null : readFileSync(this.path, 'utf8'));
      this.version = version;
    }
    return this.value;
  }
}

export function parseJsonLines<T>(text: string | null): T[] {
  return (text ?? '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}

const lockStaleMs = 60_000;

/**
 * Runs `task` holding an exclusive lock file (created with O_EXCL), so two processes or two instances
 * creating the PKI in one fresh data dir do not both generate keys. A lock older than a minute is taken
 * to be left by a crashed process and is broken.
 */
export async function withFileLock<T>(path: string, task: () => Promise<T>): Promise<T> {
  await mkdir(dirname(path), { recursive: true });
  for (;;) {
    try {
      await writeFile(path, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await stat(path).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > lockStaleMs) await unlink(path).catch(() => undefined);
      else await sleep(50);
    }
  }
  try {
    return await task();
  } finally {
    await unlink(path).catch(() => undefined);
  }
}
