import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { CertificateProfile, Legislation } from '../pki/sandbox-pki.js';
import { readFileIfExists, stateDir, writeFileAtomic } from '../pki/state-files.js';
import type { SmsLanguage } from '../sms/sms-texts.js';

/** Who an on-demand credential was enrolled for, as the RA received it. */
export interface SignerIdentity {
  givenName: string;
  surname: string;
  email: string;
  /** E.164; OTPs and TANs go here. */
  mobile: string;
  /** Identification reference placed in the subject serialNumber (step-up compares it). */
  serialNumber?: string;
  organization?: string;
  country?: string;
}

export interface StoredCredential {
  credentialID: string;
  userID?: string;
  quality: CertificateProfile;
  legislation: Legislation;
  language: SmsLanguage;
  identity: SignerIdentity;
  /** The certificate, then its issuers up to the root, base64 DER. */
  certificates: string[];
  privateKeyPem: string;
  createdAt: string;
}

/** On-demand credentials, one JSON file each under `credentials/` (keys stay in the sandbox). */
export async function openCredentialStore(dataDir: string) {
  const dir = join(stateDir(dataDir), 'credentials');
  const byId = new Map<string, StoredCredential>();
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.endsWith('.json'))) {
    const text = await readFileIfExists(join(dir, name));
    if (text) {
      const credential = JSON.parse(text) as StoredCredential;
      byId.set(credential.credentialID, credential);
    }
  }
  return {
    async save(credential: StoredCredential): Promise<void> {
      await writeFileAtomic(
        join(dir, `${credential.credentialID}.json`),
        `${JSON.stringify(credential, null, 2)}\n`,
      );
      byId.set(credential.credentialID, credential);
    },
    get: (credentialID: string) => byId.get(credentialID),
    all: () => [...byId.values()],
  };
}
export type CredentialStore = Awaited<ReturnType<typeof openCredentialStore>>;
