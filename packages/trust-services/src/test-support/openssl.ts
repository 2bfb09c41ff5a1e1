// Test-only helpers: run the system openssl (a validator nobody here wrote) against files in a temp dir.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface OpensslResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout and stderr together: openssl prints verdicts on either. */
  output: string;
}

export function openssl(args: readonly string[], cwd: string): Promise<OpensslResult> {
  return new Promise((resolve) => {
    execFile('/usr/bin/openssl', args, { cwd, encoding: 'utf8' }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr, output: `${stdout}\n${stderr}` });
    });
  });
}

export async function makeTempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `signet-${prefix}-`));
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

export async function writeFiles(dir: string, files: Record<string, string | Uint8Array>): Promise<void> {
  await Promise.all(Object.entries(files).map(([name, data]) => writeFile(join(dir, name), data)));
}
