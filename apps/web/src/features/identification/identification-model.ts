import type { Legislation } from '@signet/contracts/common';
import {
  offerFor,
  type IdentificationKind,
  type IdentificationMethod,
  type IdentificationOverview,
  type IdentificationProvider,
  type IdentificationState,
} from '@signet/contracts/identification';
import type { SignatureQualities as SignatureQualitiesDetail } from '../../lib/api/get-signature-qualities.ts';

/** The ways to identify under each legislation that Signet's providers offer (spec §3 Identification state). */
export const kindsOf = { eidas: ['self', 'video'], zertes: ['auto', 'video'] } as const satisfies Record<
  Legislation,
  readonly IdentificationKind[]
>;

/**
 * Spec §9: the identification methods a person is offered for a legislation, when the sender's
 * business covers the cost and when it does not. Methods Signet has no provider for (signing with an
 * external signature card, identification at a location) are named but not offered.
 */
const methodLists = {
  eidas: { covered: ['video', 'self', 'id-austria'], notCovered: ['id-austria', 'external-sc'] },
  zertes: { covered: ['video', 'auto', 'loc'], notCovered: ['loc', 'external-sc'] },
} as const;
export type MethodName = (typeof methodLists)[Legislation]['covered' | 'notCovered'][number];

/** Whether Signet can carry out the method itself (a provider page of its own). */
export function isOfferedKind(method: MethodName): method is IdentificationKind {
  return method === 'video' || method === 'self' || method === 'auto';
}

/**
 * How a person takes up a method in Signet: on the page of one of its own providers, through the ID
 * Austria eID login (a dialog, then the OpenID Connect flow), or not at all (named only).
 */
export function offerOf(method: MethodName): 'provider' | 'id-austria' | 'none' {
  if (isOfferedKind(method)) return 'provider';
  return method === 'id-austria' ? 'id-austria' : 'none';
}

/** The methods of spec §9, in the order shown: those covered first when someone covers them. */
export function methodsFor(legislation: Legislation, covered: boolean): readonly MethodName[] {
  const lists = methodLists[legislation];
  const shown: MethodName[] = [...(covered ? lists.covered : lists.notCovered)];
  // Signet's own providers are offered to everyone (at no cost in this installation) after the list.
  for (const kind of kindsOf[legislation]) if (!shown.includes(kind)) shown.push(kind);
  return shown;
}

/** The provider and method behind a way to identify (contracts: identificationOffers). */
export function providerOf(
  legislation: Legislation,
  kind: IdentificationKind,
): { provider: IdentificationProvider; method: IdentificationMethod } {
  const offer = offerFor(legislation, kind);
  if (!offer) throw new Error(`No provider offers ${legislation}/${kind}`);
  return offer;
}

/** What a person sees about one legislation: spec §4's identification state, simplified. */
export type StandardState =
  | { kind: 'available' }
  | { kind: 'ongoing'; way: IdentificationKind; status: 'initialized' | 'inprogress' | 'activatingQES' }
  | { kind: 'failed'; way: IdentificationKind; reason: IdentificationState['failureReason'] }
  | { kind: 'notStarted' };

type Entry = IdentificationOverview['eidas']['video'];

/**
 * The state of a legislation from the qualities detail: QES available wins; otherwise the way with
 * an identification under way, else the latest failed one, else none (spec §4: identification is
 * ongoing if a status exists and the highest quality is not QES).
 */
export function standardState(detail: SignatureQualitiesDetail, legislation: Legislation): StandardState {
  const qes = detail.qualities.find((q) => q.quality === 'qes' && q.legislation === legislation);
  if (qes?.available) return { kind: 'available' };
  const entries = detail.identification[legislation] as Record<IdentificationKind, Entry | undefined>;
  for (const way of kindsOf[legislation]) {
    const status = entries[way]?.status;
    if (status && status !== 'failure') return { kind: 'ongoing', way, status };
  }
  for (const way of kindsOf[legislation]) {
    const entry = entries[way];
    if (entry?.status === 'failure') return { kind: 'failed', way, reason: entry.failureReason };
  }
  return { kind: 'notStarted' };
}

/** An identification still waiting for the person or the provider. */
export function isUnderWay(state: Pick<IdentificationState, 'status'>): boolean {
  return state.status === 'initialized' || state.status === 'inprogress';
}
