import { randomUUID } from 'node:crypto';
import { AppError } from '../../errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { getAccount } from '../accounts/accounts.service.ts';
import { visibleRequest } from '../signature-requests/request-access.service.ts';
import type { SignatureRequestsDeps } from '../signature-requests/request-deps.ts';
import type { IdentifiedSubject, PersonName } from './identification-deps.ts';
import { evidenceQualities } from './identification-evidence.service.ts';
import * as identifications from './identification.repository.ts';
import type { RecordEidEvidence } from './id-austria.service.ts';

/** Who the evidence belongs to (an account, or a visitor as the signer of their request) and their name. */
async function subjectOf(
  deps: SignatureRequestsDeps,
  caller: Caller,
): Promise<{ subject: IdentifiedSubject; person: PersonName }> {
  if (caller.kind === 'user') {
    const user = await getAccount(deps, caller.userId);
    return { subject: { kind: 'account', userId: user.id }, person: user };
  }
  const { me } = await visibleRequest(deps, caller, caller.requestId);
  if (!me) throw new AppError('NOT_FOUND', 'This signing link is not valid.');
  return { subject: { kind: 'visitor', signerId: me.id }, person: me };
}

/**
 * ID Austria's verified person as eIDAS identification evidence (provider `id-austria`, method
 * `eid`, level qes) among the identification module's evidence, so the same rules decide what it
 * unlocks (eIDAS QES when the verified name matches). The session reference starts with the
 * provider's subject, by which the QTSP asks the provider whom it vouched for before it issues a
 * qualified certificate. `demo`: the embedded sandbox vouched, so what it unlocks is demo quality.
 */
export function recordEidEvidence(deps: SignatureRequestsDeps & { demo: boolean }): RecordEidEvidence {
  return async (caller, person, signatureRequestId) => {
    const { subject, person: name } = await subjectOf(deps, caller);
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
