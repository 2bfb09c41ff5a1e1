import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Secrets that belong to one installation (the client token Signet presents to the QTSP, the audit
 * trail's MAC key, the sandbox access secret...): generated at the first start into the data folder,
 * readable by the owner only, and the same at every later start. Nothing of the kind is committed or
 * has a default value in the code. An operator who sets the matching setting replaces the file.
 *
 * Several processes sharing one data folder may start at once: the secret is written whole under a
 * temporary name and then hard-linked to its own name, which fails if another process got there
 * first; everyone then reads the one that won, so all processes hold the same secret.
 */
export function installationSecret(dataDir: string, name: string): string {
  if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`bad secret name ${name}`);
  const folder = join(dataDir, 'secrets');
  const path = join(folder, name);
  const existing = readSecret(path);
  if (existing) return existing;
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  const written = readSecret(path);
  if (!written) throw new Error(`the ${name} secret in ${folder} is empty`);
  return written;
}

function readSecret(path: string): string | null {
  try {
    const value = readFileSync(path, 'utf8').trim();
    return value.length > 0 ? value : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
