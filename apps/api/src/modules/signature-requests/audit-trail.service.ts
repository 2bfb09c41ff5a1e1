import { obtainTimestampToken, verifyTimestampToken, type TimestampTokenVerification } from '@signet/pdf';
import type { AuditVerification } from '@signet/contracts/signature-requests';
import type { Db } from '../../db/client.ts';
import type { EventRow } from '../../db/schema/signature-requests.ts';
import type { Clock } from '../../clock.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import type { Caller } from '../../plugins/auth.ts';
import { queueWebhookEvents } from '../webhooks/webhook-events.service.ts';
import { verifyChain, type ChainVerification, type TrailAnchor } from './audit-chain.ts';
import { visibleRequest } from './request-access.service.ts';
import * as repo from './signature-requests.repository.ts';
import type { AuditDeps } from './audit-deps.ts';
import type { SignatureRequestsDeps } from './request-deps.ts';

interface Deps {
  db: Db;
  clock: Clock;
  audit: AuditDeps;
}

export const auditTimestampJobKind = 'audit-timestamp';

/**
 * Appends one event to a request's trail, in the caller's transaction: every state change of a
 * request writes its event in the transaction that makes the change. The caller holds the
 * request's row lock, which keeps the chain in order. Every request event passes here, so this is
 * where the webhook events are derived from them (queued in the same transaction).
 */
export async function recordEvent(
  deps: Pick<Deps, 'clock' | 'audit'>,
  db: Db,
  requestId: string,
  type: string,
  actor: string | null,
  data: Record<string, unknown> = {},
  /** The head the previous event of this transaction left, when there was one (appendEvent's `known`). */
  previous?: TrailAnchor,
): Promise<TrailAnchor> {
  const createdAt = deps.clock.now();
  const head = await repo.appendEvent(
    db,
    { requestId, type, actor, data, createdAt },
    deps.audit.macKey,
    previous,
  );
  await queueWebhookEvents(db, { requestId, auditType: type, data, at: createdAt });
  return head;
}

/**
 * Records a change of the request (its people, documents or settings) in the change's
 * transaction: the event, and the request's updated_at, by which lists sort it.
 */
export async function recordChange(
  deps: Pick<Deps, 'clock' | 'audit'>,
  db: Db,
  requestId: string,
  type: string,
  actor: string,
  data: Record<string, unknown>,
  now = deps.clock.now(),
): Promise<void> {
  await repo.updateRequest(db, requestId, { updatedAt: now });
  await recordEvent(deps, db, requestId, type, actor, data);
}

/** Records an event that changes nothing else, in a transaction of its own under the request's lock. */
export async function recordEventAlone(
  deps: Deps,
  requestId: string,
  type: string,
  actor: string | null,
  data: Record<string, unknown> = {},
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await repo.lockRequest(tx, requestId);
    await recordEvent(deps, tx, requestId, type, actor, data);
  });
}

/**
 * The first time a signer opens an open request that waits for their signature: a `viewed` event
 * (and so the `request.viewed` webhook), once per signer, under the request's lock.
 */
export async function recordFirstView(
  deps: Deps,
  requestId: string,
  sid: string,
  actor: string,
): Promise<void> {
  if (await repo.hasSignerEvent(deps.db, requestId, 'viewed', sid)) return;
  await deps.db.transaction(async (tx) => {
    const request = await repo.lockRequest(tx, requestId);
    if (request?.status !== 'OPEN' || (await repo.hasSignerEvent(tx, requestId, 'viewed', sid))) return;
    await recordEvent(deps, tx, requestId, 'viewed', actor, { sid });
  });
}

/**
 * An event from outside the request's own use cases (an identification made for it ended): in a
 * transaction of its own under the request's lock, unless the request is gone meanwhile.
 */
export async function recordOutsideEvent(
  deps: Deps,
  requestId: string,
  type: string,
  actor: string | null,
  data: Record<string, unknown>,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (await repo.lockRequest(tx, requestId)) await recordEvent(deps, tx, requestId, type, actor, data);
  });
}

/** The events call: the trail as stored, and whether its chain and MACs hold. */
export async function events(deps: SignatureRequestsDeps, caller: Caller, id: string) {
  await visibleRequest(deps, caller, id);
  const { rows, chain } = await checkTrail(deps, id);
  const trail = rows.map((r) => ({
    seq: r.seq,
    type: r.type,
    actor: r.actor,
    data: r.data,
    created_at: r.createdAt.toISOString(),
    hash: r.hash,
  }));
  return { chain_valid: chainValid(chain), events: trail };
}

/** What the TSA timestamps: the head hash as its 64 hex characters. */
const stampedData = (headHash: string) => new TextEncoder().encode(headHash);

/**
 * At completion, in its transaction: a durable job asks the TSA to timestamp the head as it is now
 * (the TSA is not called while the request's row is locked, and an unreachable TSA is retried).
 */
export async function queueHeadTimestamp(
  deps: Pick<Deps, 'clock'>,
  db: Db,
  requestId: string,
  /** The head the request's last event left (recordEvent's answer). */
  anchor: TrailAnchor,
): Promise<void> {
  if (!anchor.headHash) return;
  await enqueueJob(db, {
    kind: auditTimestampJobKind,
    payload: { requestId, eventCount: anchor.eventCount, headHash: anchor.headHash },
    runAt: deps.clock.now(),
  });
}

/** The job: obtains the token and keeps it with the head it covers. */
export async function timestampHead(deps: Deps, payload: Record<string, unknown>): Promise<void> {
  const { requestId, eventCount, headHash } = payload as {
    requestId: string;
    eventCount: number;
    headHash: string;
  };
  if (await repo.findAuditTimestamp(deps.db, requestId)) return;
  const token = await obtainTimestampToken(deps.audit.timestamp, stampedData(headHash));
  // A request deleted meanwhile has nothing left to anchor.
  if (!(await repo.findRequest(deps.db, requestId))) return;
  await repo.insertAuditTimestamp(deps.db, {
    requestId,
    eventCount,
    headHash,
    token: Buffer.from(token).toString('base64'),
    createdAt: deps.clock.now(),
  });
}

/** Whether the trail is intact as far as the key-based checks go (what `chain_valid` reports). */
function chainValid(chain: ChainVerification): boolean {
  return (
    chain.chainIntact &&
    (!chain.anchored ||
      (chain.macsValid === true &&
        chain.countMatches === true &&
        chain.headMatches === true &&
        chain.anchorMacValid === true))
  );
}

/**
 * The stored events and the key-based checks, for the events call. The events and the anchor are
 * read in one snapshot: read apart, an event appended in between (a signer's first view, say) made
 * an intact trail look broken — one more event than the anchor counts, or one fewer.
 */
async function checkTrail(
  deps: Deps,
  requestId: string,
): Promise<{ rows: EventRow[]; anchor: TrailAnchor | null; chain: ChainVerification }> {
  const { rows, anchor } = await deps.db.transaction(
    async (tx) => ({
      rows: await repo.eventsOf(tx, requestId),
      anchor: await repo.readAnchor(tx, requestId),
    }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const chain = verifyChain(
    deps.audit.macKey,
    requestId,
    rows,
    anchor ?? { eventCount: 0, headHash: null, headMac: null, macFrom: null },
  );
  return { rows, anchor, chain };
}

/**
 * The full check the signature report prints: chain, MACs, stored count and head, and the
 * completion timestamp (valid, and for the hash this trail has at that event), with what the
 * checks cannot tell.
 */
export async function verifyTrail(
  deps: Deps,
  requestId: string,
): Promise<{ rows: EventRow[]; chain: ChainVerification; audit: AuditVerification }> {
  const [{ rows, anchor, chain }, stamp] = await Promise.all([
    checkTrail(deps, requestId),
    repo.findAuditTimestamp(deps.db, requestId),
  ]);
  let token: TimestampTokenVerification | null = null;
  if (stamp)
    token = await deps.audit
      .trustAnchors()
      .then((trustAnchors) =>
        verifyTimestampToken(Buffer.from(stamp.token, 'base64'), stampedData(stamp.headHash), {
          trustAnchors,
        }),
      )
      .catch(() => null);
  const covers = stamp !== null && chain.recomputed[stamp.eventCount - 1] === stamp.headHash;
  const timestampValid = stamp === null || token === null ? null : token.valid && covers;
  const notVerified: AuditVerification['not_verified'] = [];
  if (chain.unanchoredEvents > 0) notVerified.push('unanchored-events');
  if (!stamp) notVerified.push('not-timestamped');
  else if (stamp.eventCount < rows.length) notVerified.push('events-after-timestamp');
  if (stamp && !token) notVerified.push('timestamp-not-checked');
  if (stamp) notVerified.push('tsa-revocation-not-checked');
  const audit: AuditVerification = {
    verified: chainValid(chain) && chain.anchored && chain.unanchoredEvents === 0 && timestampValid !== false,
    event_count: rows.length,
    recorded_event_count: anchor?.headHash ? anchor.eventCount : null,
    head_hash: anchor?.headHash ?? null,
    checks: {
      chain_intact: chain.chainIntact,
      macs_valid: chain.macsValid,
      count_matches: chain.countMatches,
      head_matches: chain.headMatches,
      anchor_mac_valid: chain.anchorMacValid,
      timestamp_valid: timestampValid,
    },
    timestamp: stamp && {
      event_count: stamp.eventCount,
      head_hash: stamp.headHash,
      time: token?.time?.toISOString() ?? null,
      tsa: token?.tsa ?? null,
      token: stamp.token,
    },
    not_verified: notVerified,
  };
  return { rows, chain, audit };
}
