import { randomBytes } from 'node:crypto';
import { appendFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
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

export async function readJsonLines<T>(path: string): Promise<T[]> {
  const text = await readFileIfExists(path);
  if (!text) return [];
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}
