import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stateDir, writeFileAtomic } from '../pki/state-files.js';

/** A person as ID Austria vouches for them: the names and birth date of the Austrian eID. */
export interface AustrianIdentity {
  givenName: string;
  familyName: string;
  /** YYYY-MM-DD. */
  birthDate: string;
}

/** The person the sandbox ID Austria vouched for, as the RA takes identification evidence. */
export interface EidVerifiedPerson {
  firstName: string;
  lastName: string;
  legislation: 'eidas';
}

const subjectPattern = /^bpk-[A-Za-z0-9_-]{27}$/;
const subjectFile = (dataDir: string, subject: string) =>
  join(stateDir(dataDir), 'id-austria', 'subjects', `${subject}.json`);

/** The provider's record of whom a subject names, written when the person logs in. */
export async function recordSubject(
  dataDir: string,
  subject: string,
  identity: AustrianIdentity,
): Promise<void> {
  await writeFileAtomic(subjectFile(dataDir, subject), JSON.stringify(identity));
}

/**
 * The sandbox QTSP's check of ID Austria evidence: the relying party's reference starts with the
 * provider's subject (`bpk-…`, then `~` and its own login id); the provider's record says whom the
 * subject names. Undefined for anything else. Synchronous: the RA reads the provider's file.
 */
export function idAustriaEvidenceVerifier(dataDir: string) {
  return (reference: string): EidVerifiedPerson | undefined => {
    const [subject = ''] = reference.split('~');
    if (!subjectPattern.test(subject)) return undefined;
    try {
      const identity = JSON.parse(readFileSync(subjectFile(dataDir, subject), 'utf8')) as AustrianIdentity;
      return { firstName: identity.givenName, lastName: identity.familyName, legislation: 'eidas' };
    } catch {
      return undefined;
    }
  };
}
