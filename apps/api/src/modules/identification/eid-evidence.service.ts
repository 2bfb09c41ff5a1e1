import { randomUUID } from 'node:crypto';
import type { SignatureRequestsDeps } from '../signature-requests/request-deps.ts';
import { evidenceQualities } from './identification-evidence.service.ts';
import * as identifications from './identification.repository.ts';
import { identifying } from './identifying.ts';
import type { RecordEidEvidence } from './id-austria.service.ts';

/**
 * ID Austria's verified person as eIDAS identification evidence (provider `id-austria`, method
 * `eid`, level qes) among the identification module's evidence, so the same rules decide what it
 * unlocks (eIDAS QES when the verified name matches). The session reference starts with the
 * provider's subject, by which the QTSP asks the provider whom it vouched for before it issues a
 * qualified certificate. `demo`: the embedded sandbox vouched, so what it unlocks is demo quality.
 */
export function recordEidEvidence(deps: SignatureRequestsDeps & { demo: boolean }): RecordEidEvidence {
  return async (caller, person, signatureRequestId) => {
    const { subject, person: name } = await identifying(deps, caller, 'read');
    const now = deps.clock.now();
    await identifications.insert(deps.db, {
      id: randomUUID(),
      userId: subject.kind === 'account' ? subject.userId : null,
      signerId: subject.kind === 'visitor' ? subject.signerId : null,
      provider: 'id-austria',
      method: 'eid',
      legislation: 'eidas',
      // The provider's subject (its pseudonym of the person), with this login's own part.
      providerSessionId: `${person.subject}~${randomUUID()}`,
      signatureRequestId,
      continueUrl: null,
      providerStatus: 'success',
      level: 'qes',
      demo: deps.demo,
      verifiedFirstName: person.firstName,
      verifiedLastName: person.lastName,
      birthDate: person.birthDate,
      documentType: 'eid',
      documentExpiry: null,
      completedAt: now,
      statusHistory: [{ status: 'success', at: now.toISOString() }],
      createdAt: now,
      updatedAt: now,
    });
    const qualities = await evidenceQualities(deps, subject, name);
    return { qesAvailable: qualities.qes.eidas.available };
  };
}
