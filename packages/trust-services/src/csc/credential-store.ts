import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CertificateProfile, Legislation } from '../pki/sandbox-pki.js';
import { stateDir, writeFileAtomic } from '../pki/state-files.js';
import type { SmsLanguage } from '../sms/sms-texts.js';

/** Who an on-demand credential was enrolled for, as the RA received it (a seal needs only organization). */
export interface SignerIdentity {
  givenName?: string;
  surname?: string;
  email?: string;
  /** E.164; OTPs and TANs go here. Required for personal (AES/QES) credentials. */
  mobile?: string;
  /** Identification reference placed in the subject serialNumber (step-up compares it). */
  serialNumber?: string;
  organization?: string;
  /** Seals only: the seal's name in the subject CN (default: the organization). */
  commonName?: string;
  country?: string;
}

export interface StoredCredential {
  credentialID: string;
  userID?: string;
  quality: CertificateProfile;
  /** Seals only: an advanced or a qualified seal. */
  sealLevel?: 'aes' | 'qes';
  /** How authorizations work; absent: implicit for seals, explicit (SMS code) otherwise. */
  authMode?: 'implicit' | 'explicit';
  legislation: Legislation;
  language: SmsLanguage;
  identity: SignerIdentity;
  /** The certificate, then its issuers up to the root, base64 DER. */
  certificates: string[];
  privateKeyPem: string;
  createdAt: string;
}

const credentialIdPattern = /^[A-Za-z0-9-]{1,100}$/;

/**
 * On-demand credentials, one JSON file each under `credentials/` (keys stay in the sandbox). Read from
 * disk when asked for, so every instance on the data dir knows every credential.
 */
export function openCredentialStore(dataDir: string) {
  const dir = join(stateDir(dataDir), 'credentials');
  // A credential file never changes once written, so what was read once can be kept.
  const cache = new Map<string, StoredCredential>();
  const read = (credentialID: string): StoredCredential | undefined => {
    // The ID arrives from the network: only plain IDs may become a file name.
    if (!credentialIdPattern.test(credentialID)) return undefined;
    const cached = cache.get(credentialID);
    if (cached) return cached;
    try {
      const credential = JSON.parse(
        readFileSync(join(dir, `${credentialID}.json`), 'utf8'),
      ) as StoredCredential;
      cache.set(credentialID, credential);
      return credential;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };
  return {
    async save(credential: StoredCredential): Promise<void> {
      await writeFileAtomic(
        join(dir, `${credential.credentialID}.json`),
        `${JSON.stringify(credential, null, 2)}\n`,
      );
    },
    get: read,
    all(): StoredCredential[] {
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        return [];
      }
      return names
        .filter((name) => name.endsWith('.json'))
        .flatMap((name) => read(name.slice(0, -'.json'.length)) ?? []);
    },
  };
}
export type CredentialStore = ReturnType<typeof openCredentialStore>;
