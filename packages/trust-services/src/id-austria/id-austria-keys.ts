import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { readFileIfExists, stateDir, writeFileAtomic } from '../pki/state-files.js';

/** A sandbox OpenID Connect provider's own secrets: the ID-token signing key and the keys of its cookies. */
export interface IdAustriaKeys {
  /** Private JWK (RS256) whose public half the provider publishes at its jwks_uri. */
  signingKey: JWK;
  cookieKeys: string[];
}

/**
 * Loads the keys from `trust-services/<provider>/keys.json` (ID Austria's by default), generating
 * them on the first start: a relying party that cached the JWKS keeps verifying tokens across restarts.
 */
export async function loadOrCreateIdAustriaKeys(
  dataDir: string,
  provider: 'id-austria' | 'directory' = 'id-austria',
): Promise<IdAustriaKeys> {
  const path = join(stateDir(dataDir), provider, 'keys.json');
  const stored = await readFileIfExists(path);
  if (stored) return JSON.parse(stored) as IdAustriaKeys;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = {
    ...(await exportJWK(privateKey)),
    alg: 'RS256',
    use: 'sig',
    kid: randomBytes(8).toString('hex'),
  };
  const keys: IdAustriaKeys = { signingKey, cookieKeys: [randomBytes(32).toString('base64url')] };
  await writeFileAtomic(path, JSON.stringify(keys));
  return keys;
}
