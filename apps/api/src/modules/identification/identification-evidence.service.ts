import type { QualityUnavailableReason } from '@signet/contracts/accounts';
import type { Legislation } from '@signet/contracts/common';
import {
  identificationOffer,
  IdentificationMethod,
  IdentificationProvider,
  type IdentificationFailureReason,
  type IdentificationOverview,
  type IdentificationState,
  type IdentificationStatus,
} from '@signet/contracts/identification';
import type { IdentificationRow } from '../../db/schema/identification.ts';
import type { IdentificationDeps, IdentifiedSubject, PersonName } from './identification-deps.ts';
import * as repo from './identification.repository.ts';

// What the stored evidence unlocks. The rules, in one place:
// - QES under a legislation: a successful identification for that legislation, at level qes, whose
//   verified first and last name match the account's (or the visitor's) name, with an identity
//   document that has not expired.
// - AES (`aes.any`): any such identification, under either legislation.
// - Names match when they are equal after folding case and accents (Zoë = ZOE), ß to ss, and
//   treating runs of spaces, hyphens, apostrophes and dots as one space (Anne-Marie = Anne Marie);
//   first name with first name, last name with last name.
// - What a simulated provider (the sandbox) verified unlocks demo quality: signatures that carry
//   the sandbox's SIMULATED certificates.

/** A name as the match compares it. */
function folded(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[\s\-\u2010\u2011'\u2019.]+/g, ' ')
    .trim();
}

export function namesMatch(a: PersonName, b: PersonName): boolean {
  return folded(a.firstName) === folded(b.firstName) && folded(a.lastName) === folded(b.lastName);
}

/** Spec §4: the provider's status as the product shows it (unknown ones read as initialized). */
function mappedStatus(providerStatus: string): IdentificationStatus {
  switch (providerStatus) {
    case 'inprogress':
      return 'inprogress';
    case 'success':
      return 'activatingQES';
    case 'failure':
    case 'abandoned':
    case 'cancelled':
    case 'expired':
      return 'failure';
    default:
      return 'initialized';
  }
}

const failureReasons: Record<string, IdentificationFailureReason> = {
  failure: 'failed',
  abandoned: 'abandoned',
  cancelled: 'cancelled',
  expired: 'expired',
};

/**
 * How far a provider status has come: 0 initialized (or unknown), 1 in progress, 2 ended. A
 * session only moves forward, so an older report never overwrites a newer one.
 */
export function progressOf(providerStatus: string): 0 | 1 | 2 {
  const status = mappedStatus(providerStatus);
  return status === 'initialized' ? 0 : status === 'inprogress' ? 1 : 2;
}

/** Whether the provider may still change the identification (it is not finished). */
export const isOpen = (row: IdentificationRow) => progressOf(row.providerStatus) < 2;

function verifiedNameOf(row: IdentificationRow): PersonName | null {
  return row.verifiedFirstName && row.verifiedLastName
    ? { firstName: row.verifiedFirstName, lastName: row.verifiedLastName }
    : null;
}

/** A successful identification whose evidence still holds (its document has not expired). */
function succeeded(row: IdentificationRow, today: string): boolean {
  return (
    row.providerStatus === 'success' &&
    verifiedNameOf(row) !== null &&
    (row.documentExpiry === null || row.documentExpiry >= today)
  );
}

/** The status and failure reason as the person sees them: a success in another name is a failure. */
function outcomeOf(
  row: IdentificationRow,
  person: PersonName,
): { status: IdentificationStatus; failureReason: IdentificationFailureReason | null } {
  const status = mappedStatus(row.providerStatus);
  const verified = verifiedNameOf(row);
  if (status === 'activatingQES' && verified && !namesMatch(verified, person))
    return { status: 'failure', failureReason: 'nameMismatch' };
  return {
    status,
    failureReason: status === 'failure' ? (failureReasons[row.providerStatus] ?? 'failed') : null,
  };
}

/** One identification's state, for the identified person (GET, POST, the status call). */
export function stateOf(row: IdentificationRow, person: PersonName): IdentificationState {
  const { status, failureReason } = outcomeOf(row, person);
  const open = status === 'initialized' || status === 'inprogress';
  return {
    id: row.id,
    provider: IdentificationProvider.parse(row.provider),
    method: IdentificationMethod.parse(row.method),
    legislation: row.legislation,
    status,
    url: open ? row.continueUrl : null,
    failureReason,
    signatureRequestId: row.signatureRequestId,
    verified:
      row.verifiedFirstName && row.verifiedLastName && row.birthDate && row.documentType && row.documentExpiry
        ? {
            firstName: row.verifiedFirstName,
            lastName: row.verifiedLastName,
            birthDate: row.birthDate,
            documentType: row.documentType,
            documentExpiry: row.documentExpiry,
          }
        : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

type Availability = { available: boolean; demo: boolean; reason: QualityUnavailableReason | null };

/** What the subject's identifications unlock, and the latest one per legislation and way (spec §3). */
export interface EvidenceQualities {
  qes: Record<Legislation, Availability>;
  aes: Availability;
  overview: IdentificationOverview;
}

/** Whether matching evidence exists among `rows`, and if not, why (name differs, one under way, none). */
function availability(
  rows: IdentificationRow[],
  person: PersonName,
  today: string,
  levels: ReadonlyArray<IdentificationRow['level']>,
): Availability {
  const matching = rows.filter(
    (r) => levels.includes(r.level) && succeeded(r, today) && namesMatch(verifiedNameOf(r)!, person),
  );
  if (matching.length > 0) return { available: true, demo: matching.every((r) => r.demo), reason: null };
  const reason: QualityUnavailableReason = rows.some((r) => succeeded(r, today))
    ? 'IDENTIFICATION_NAME_MISMATCH'
    : rows.some(isOpen)
      ? 'IDENTIFICATION_ONGOING'
      : 'IDENTIFICATION_REQUIRED';
  return { available: false, demo: false, reason };
}

const notStarted: IdentificationOverview['eidas']['video'] = { status: null, url: null, failureReason: null };

function overviewOf(rows: IdentificationRow[], person: PersonName): IdentificationOverview {
  const overview: IdentificationOverview = {
    eidas: { video: notStarted, self: notStarted },
    zertes: { video: notStarted, auto: notStarted },
  };
  // Oldest first: the newest identification of each legislation and way is written last and stays.
  for (const row of [...rows].reverse()) {
    const provider = IdentificationProvider.safeParse(row.provider);
    const method = IdentificationMethod.safeParse(row.method);
    const offer =
      provider.success && method.success ? identificationOffer(provider.data, method.data) : undefined;
    if (!offer) continue;
    const { status, url, failureReason } = stateOf(row, person);
    const ways: Record<string, IdentificationOverview['eidas']['video']> = overview[offer.legislation];
    ways[offer.kind] = { status, url, failureReason };
  }
  return overview;
}

/** The qualities the subject's stored evidence unlocks for a person of this name. */
export async function evidenceQualities(
  deps: Pick<IdentificationDeps, 'db' | 'clock'>,
  subject: IdentifiedSubject,
  person: PersonName,
): Promise<EvidenceQualities> {
  const rows = await repo.allOf(deps.db, subject);
  const today = deps.clock.now().toISOString().slice(0, 10);
  const of = (legislation: Legislation) => rows.filter((r) => r.legislation === legislation);
  return {
    qes: {
      eidas: availability(of('eidas'), person, today, ['qes']),
      zertes: availability(of('zertes'), person, today, ['qes']),
    },
    aes: availability(rows, person, today, ['qes', 'aes']),
    overview: overviewOf(rows, person),
  };
}

/**
 * The evidence a qualified certificate is issued on: the newest matching identification for the
 * legislation, with the provider's session (the QTSP checks it there) and the names it verified.
 */
export async function qualifiedEvidence(
  deps: Pick<IdentificationDeps, 'db' | 'clock'>,
  subject: IdentifiedSubject,
  person: PersonName,
  legislation: Legislation,
): Promise<{ identificationId: string; givenName: string; surname: string } | null> {
  const today = deps.clock.now().toISOString().slice(0, 10);
  const row = (await repo.allOf(deps.db, subject)).find(
    (r) =>
      r.legislation === legislation &&
      r.level === 'qes' &&
      succeeded(r, today) &&
      namesMatch(verifiedNameOf(r)!, person),
  );
  return row
    ? {
        identificationId: row.providerSessionId,
        givenName: row.verifiedFirstName!,
        surname: row.verifiedLastName!,
      }
    : null;
}
