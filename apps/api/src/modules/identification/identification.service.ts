import { randomUUID } from 'node:crypto';
import {
  identificationOffer,
  type IdentificationMethod,
  type IdentificationProvider,
  type IdentificationState,
} from '@signet/contracts/identification';
import { ProviderError } from '../../adapters/http.ts';
import { webhookProblem, type ProviderSession } from '../../adapters/identification-provider.ts';
import type { IdentificationRow } from '../../db/schema/identification.ts';
import { AppError } from '../../errors.ts';
import type { IdentificationDeps, IdentifiedSubject, PersonName } from './identification-deps.ts';
import { evidenceQualities, isOpen, progressOf, stateOf } from './identification-evidence.service.ts';
import * as repo from './identification.repository.ts';
import { recordOutsideEvent } from '../signature-requests/audit-trail.service.ts';

// Identifications as people start, follow and cancel them, and as the provider reports them: its
// signed webhook says that a session changed, and the status call says how.

/** Who identifies: the subject the evidence belongs to, and the name they go by in Signet. */
export interface Identifying {
  subject: IdentifiedSubject;
  person: PersonName;
}

/** A call to the provider; its outage (or an answer Signet cannot use) as TRUST_SERVICE_UNAVAILABLE. */
async function viaProvider<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ProviderError)
      throw new AppError(
        'TRUST_SERVICE_UNAVAILABLE',
        'The identification service is not available. Please try again in a few minutes.',
        { cause: error },
      );
    throw error;
  }
}

/** The changes the provider's word on a session makes to an identification (its evidence on success). */
function changesFrom(
  row: IdentificationRow,
  session: ProviderSession,
  now: Date,
): Partial<IdentificationRow> {
  const result = session.status === 'success' ? session.result : null;
  const ended = progressOf(session.status) === 2;
  return {
    providerStatus: session.status,
    statusHistory: [...row.statusHistory, { status: session.status, at: now.toISOString() }],
    updatedAt: now,
    ...(result
      ? {
          level: result.level,
          demo: result.demo,
          verifiedFirstName: result.firstName,
          verifiedLastName: result.lastName,
          birthDate: result.birthDate,
          documentType: result.documentType,
          documentExpiry: result.documentExpiry,
        }
      : {}),
    ...(ended
      ? { continueUrl: null, completedAt: session.completedAt ? new Date(session.completedAt) : now }
      : {}),
  };
}

/**
 * Writes the provider's word on a session into the identification, if it is news: the status call
 * and webhooks may report at once, and one may carry an older view than another has written
 * already. An identification only moves forward; a concurrent move is re-read and weighed again.
 */
async function apply(
  deps: IdentificationDeps,
  row: IdentificationRow,
  session: ProviderSession,
): Promise<IdentificationRow> {
  let current = row;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (progressOf(session.status) <= progressOf(current.providerStatus)) return current;
    const moved = await repo.moveOn(deps.db, current, changesFrom(current, session, deps.clock.now()));
    if (moved) {
      if (!isOpen(moved)) await recordEnd(deps, moved);
      return moved;
    }
    current = (await repo.find(deps.db, row.id))!;
  }
  return current;
}

/** The end of an identification made for a signature request, in that request's audit trail. */
async function recordEnd(deps: IdentificationDeps, row: IdentificationRow): Promise<void> {
  if (!row.signatureRequestId || !deps.audit) return;
  await recordOutsideEvent(
    { db: deps.db, clock: deps.clock, audit: deps.audit },
    row.signatureRequestId,
    'identification finished',
    row.userId ?? (row.signerId ? `visitor:${row.signerId}` : null),
    {
      ...(row.signerId ? { sid: row.signerId } : {}),
      identification_status: row.providerStatus,
      provider: row.provider,
    },
  );
}

/** An open identification as the provider has it now (the stored one if the provider is unreachable). */
async function refreshed(deps: IdentificationDeps, row: IdentificationRow): Promise<IdentificationRow> {
  if (!isOpen(row)) return row;
  const session = await deps.providers
    .session(row.provider as IdentificationProvider, row.providerSessionId)
    .catch((error: unknown) => {
      if (error instanceof ProviderError) return null;
      throw error;
    });
  return session ? apply(deps, row, session) : row;
}

function noneYet(provider: IdentificationProvider, method: IdentificationMethod): IdentificationState {
  return {
    id: null,
    provider,
    method,
    legislation: identificationOffer(provider, method)!.legislation,
    status: null,
    url: null,
    failureReason: null,
    signatureRequestId: null,
    verified: null,
    updatedAt: null,
  };
}

/** GET: the latest identification with this provider and method (status null: none yet). */
export async function current(
  deps: IdentificationDeps,
  who: Identifying,
  provider: IdentificationProvider,
  method: IdentificationMethod,
): Promise<IdentificationState> {
  const row = await repo.latestOf(deps.db, who.subject, provider, method);
  return row ? stateOf(await refreshed(deps, row), who.person) : noneYet(provider, method);
}

/** Where the provider's page sends the person back to: the page of this legislation and way. */
function returnUrlFor(
  deps: IdentificationDeps,
  who: Identifying,
  id: string,
  way: { legislation: string; kind: string },
  signatureRequestId: string | null,
): string {
  const page =
    who.subject.kind === 'account'
      ? `/profile/signature-standards/${way.legislation}/${way.kind}`
      : `/direct-sign/identification/${way.legislation}/${way.kind}`;
  const query = new URLSearchParams({ identification: id });
  if (signatureRequestId) query.set('sr', signatureRequestId);
  return `${deps.publicUrl}${page}?${query}`;
}

/**
 * POST: starts an identification, or resumes the ongoing one with this provider and method. Refused
 * when the person is identified for the legislation already (with their name).
 */
export async function start(
  deps: IdentificationDeps,
  who: Identifying,
  provider: IdentificationProvider,
  method: IdentificationMethod,
  signatureRequestId: string | null,
): Promise<IdentificationState> {
  const offer = identificationOffer(provider, method)!;
  const qualities = await evidenceQualities(deps, who.subject, who.person);
  if (qualities.qes[offer.legislation].available)
    throw new AppError(
      'ALREADY_IDENTIFIED',
      `You are identified for qualified signatures under ${offer.legislation === 'eidas' ? 'eIDAS' : 'ZertES'} already.`,
    );
  const latest = await repo.latestOf(deps.db, who.subject, provider, method);
  if (latest && isOpen(latest)) {
    const now = await refreshed(deps, latest);
    if (isOpen(now)) return stateOf(now, who.person);
  }
  const id = randomUUID();
  const session = await viaProvider(
    deps.providers.createSession(provider, {
      method,
      reference: id,
      returnUrl: returnUrlFor(deps, who, id, offer, signatureRequestId),
      webhookUrl: `${deps.publicUrl}/api/v1/identification/events`,
      person: who.person,
    }),
  );
  const now = deps.clock.now();
  const row = await repo.insert(deps.db, {
    id,
    userId: who.subject.kind === 'account' ? who.subject.userId : null,
    signerId: who.subject.kind === 'visitor' ? who.subject.signerId : null,
    provider,
    method,
    legislation: session.legislation,
    providerSessionId: session.id,
    signatureRequestId,
    continueUrl: session.url,
    providerStatus: session.status,
    statusHistory: [{ status: session.status, at: now.toISOString() }],
    createdAt: now,
    updatedAt: now,
  });
  return stateOf(row, who.person);
}

/** DELETE: cancels the ongoing identification with this provider and method, at the provider too. */
export async function cancel(
  deps: IdentificationDeps,
  who: Identifying,
  provider: IdentificationProvider,
  method: IdentificationMethod,
): Promise<void> {
  const latest = await repo.latestOf(deps.db, who.subject, provider, method);
  const row = latest && (await refreshed(deps, latest));
  if (!row || !isOpen(row)) throw new AppError('NOT_FOUND', 'No identification of this kind is under way.');
  const session = await viaProvider(
    deps.providers.cancel(provider, row.providerSessionId).catch(async (error: unknown) => {
      // The person finished it at the provider meanwhile: keep what they did.
      if (error instanceof ProviderError && error.status === 409)
        return deps.providers.session(provider, row.providerSessionId);
      throw error;
    }),
  );
  await apply(deps, row, session);
}

/** The status call: one of the caller's identifications, asking the provider while it is open. */
export async function status(
  deps: IdentificationDeps,
  who: Identifying,
  id: string,
): Promise<IdentificationState> {
  const row = await repo.findOf(deps.db, who.subject, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such identification.');
  return stateOf(await refreshed(deps, row), who.person);
}

/**
 * The provider's webhook: refused unless signed with the shared key, timestamped within five
 * minutes and new; then the status call says what changed, and the event and the change are
 * recorded together (a replay, or the same event arriving twice at once, changes nothing).
 */
export async function receiveWebhook(
  deps: IdentificationDeps,
  delivery: {
    event: { id: string; sessionId: string };
    rawBody: string;
    headers: Record<string, string | string[] | undefined>;
  },
): Promise<void> {
  const problem = webhookProblem(deps.webhookSecret, delivery.headers, delivery.rawBody, deps.clock.now());
  if (problem === 'signature')
    throw new AppError('WEBHOOK_SIGNATURE_INVALID', 'The webhook signature is missing or wrong.');
  if (problem === 'timestamp')
    throw new AppError('WEBHOOK_TIMESTAMP_STALE', 'The webhook timestamp is more than 5 minutes off.');
  const replayed = () =>
    new AppError('WEBHOOK_REPLAYED', 'This event was received already; nothing changed.');
  const { id: eventId, sessionId } = delivery.event;
  if (await repo.eventSeen(deps.db, eventId)) throw replayed();
  const row = await repo.findByProviderSession(deps.db, sessionId);
  if (!row) throw new AppError('NOT_FOUND', 'No identification with this session.');
  const session = await viaProvider(
    deps.providers.session(row.provider as IdentificationProvider, sessionId),
  );
  await deps.db.transaction(async (tx) => {
    const receivedAt = deps.clock.now();
    if (!(await repo.recordEvent(tx, { eventId, providerSessionId: sessionId, receivedAt })))
      throw replayed();
    await apply({ ...deps, db: tx }, row, session);
  });
}
