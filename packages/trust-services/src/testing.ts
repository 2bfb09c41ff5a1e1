import { cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOrCreatePki, pkiKeysFolder } from './pki/sandbox-pki.js';
import { stateDir } from './pki/state-files.js';
import { createTrustServices, type TrustServices, type TrustServicesOptions } from './trust-services.js';

/** Bump when the set of PKI keys changes, so an old cache is not reused. */
const cacheDir = join(tmpdir(), 'signet-trust-services-test-keys-v1');

/**
 * For tests only: places a machine-wide cached set of sandbox CA keys into a fresh data dir, so creating
 * the PKI there only issues certificates instead of generating twelve RSA keys (seconds per test file on
 * a busy CI machine). Certificates, serials, registry and all other state are still fresh per data dir.
 */
export async function seedSandboxKeys(dataDir: string): Promise<void> {
  // loadOrCreatePki holds its own lock, so parallel test workers generate the cache once.
  await loadOrCreatePki(cacheDir);
  await cp(join(stateDir(cacheDir), pkiKeysFolder), join(stateDir(dataDir), pkiKeysFolder), {
    recursive: true,
    force: false,
    errorOnExist: false,
  });
}

/** `createTrustServices` on a data dir seeded with cached keys (see seedSandboxKeys). */
export async function createTestTrustServices(options: TrustServicesOptions): Promise<TrustServices> {
  await seedSandboxKeys(options.dataDir);
  return createTrustServices(options);
}
