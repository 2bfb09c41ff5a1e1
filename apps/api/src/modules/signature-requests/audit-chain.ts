import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The audit trail's integrity, in three layers:
 * - a hash chain: each event's hash covers the previous hash and the event (edits show, unless the
 *   chain is recomputed from the edit on, which anyone with database access can do);
 * - a keyed MAC (HMAC-SHA-256) over each event and over the head (hash and event count) stored with
 *   the request at every event; the key lives in the data folder or the configuration, never in
 *   the database, so a recomputed chain, a deleted last event or a changed head show too;
 * - at completion, the head hash timestamped by a TSA, which fixes the events up to it even for
 *   whoever holds the key (audit-trail.service.ts).
 */

export const genesisHash = '0'.repeat(64);

export interface ChainEvent {
  requestId: string;
  seq: number;
  type: string;
  actor: string | null;
  data: unknown;
  createdAt: Date;
}

/** The head stored with the request: what the last event left there. */
export interface TrailAnchor {
  eventCount: number;
  headHash: string | null;
  headMac: string | null;
  /** The first event with a MAC; earlier ones were recorded before trails were anchored. */
  macFrom: number | null;
}

/**
 * The anchor stored on a request row read under its lock in the current transaction, to append
 * the transaction's first event without reading it again; undefined for a trail recorded before
 * anchoring (no head stored), whose append reads the events it continues.
 */
export function lockedAnchor(row: {
  auditEventCount: number;
  auditHeadHash: string | null;
  auditHeadMac: string | null;
  auditMacFrom: number | null;
}): TrailAnchor | undefined {
  return row.auditHeadHash
    ? {
        eventCount: row.auditEventCount,
        headHash: row.auditHeadHash,
        headMac: row.auditHeadMac,
        macFrom: row.auditMacFrom,
      }
    : undefined;
}

/** The anchor of a request created just now: no events yet. */
export const newTrail: TrailAnchor = { eventCount: 0, headHash: null, headMac: null, macFrom: null };

/**
 * JSON with object keys sorted at every level: jsonb stores keys in its own order (shorter keys
 * first), so the hash must not depend on the order the data was written in.
 */
function canonicalJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalJson);
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonicalJson((value as Record<string, unknown>)[key])]),
    );
  return value;
}

/** One event as hashed and MACed: the previous hash and the event's own content, in a fixed order. */
function canonicalEvent(prevHash: string, event: ChainEvent): string {
  return JSON.stringify([
    prevHash,
    event.requestId,
    event.seq,
    event.type,
    event.actor,
    canonicalJson(event.data),
    event.createdAt.toISOString(),
  ]);
}

export function eventHash(prevHash: string, event: ChainEvent): string {
  return createHash('sha256').update(canonicalEvent(prevHash, event)).digest('hex');
}

export function eventMac(key: Buffer, prevHash: string, event: ChainEvent): string {
  return createHmac('sha256', key)
    .update(`event\n${canonicalEvent(prevHash, event)}`)
    .digest('hex');
}

export function headMac(
  key: Buffer,
  requestId: string,
  head: { eventCount: number; headHash: string; macFrom: number },
): string {
  return createHmac('sha256', key)
    .update(`head\n${JSON.stringify([requestId, head.eventCount, head.headHash, head.macFrom])}`)
    .digest('hex');
}

const sameHex = (a: string | null | undefined, b: string) =>
  typeof a === 'string' && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export interface StoredEvent extends ChainEvent {
  prevHash: string;
  hash: string;
  mac: string | null;
}

export interface ChainVerification {
  /** Numbered 1, 2, 3… and each hash recomputed from the events' content matches the stored chain. */
  chainIntact: boolean;
  /** The hashes recomputed from the content, by position (for the timestamp check). */
  recomputed: string[];
  /** Whether the request has an anchor at all (null checks below: it has none). */
  anchored: boolean;
  anchorMacValid: boolean | null;
  countMatches: boolean | null;
  headMatches: boolean | null;
  macsValid: boolean | null;
  /** Events recorded before trails were anchored: their MACs are not checked (none were made). */
  unanchoredEvents: number;
}

/** Checks the stored trail against its content, its MACs and the anchor stored with the request. */
export function verifyChain(
  key: Buffer,
  requestId: string,
  events: StoredEvent[],
  anchor: TrailAnchor,
): ChainVerification {
  const recomputed: string[] = [];
  let chainIntact = true;
  let prev = genesisHash;
  for (const [index, event] of events.entries()) {
    const hash = eventHash(prev, event);
    chainIntact &&= event.seq === index + 1 && event.prevHash === prev && event.hash === hash;
    recomputed.push(hash);
    prev = hash;
  }
  if (anchor.headHash === null || anchor.headMac === null || anchor.macFrom === null)
    return {
      chainIntact,
      recomputed,
      anchored: false,
      anchorMacValid: null,
      countMatches: null,
      headMatches: null,
      macsValid: null,
      unanchoredEvents: events.length,
    };
  const { headHash, macFrom } = anchor;
  const expectedHeadMac = headMac(key, requestId, { eventCount: anchor.eventCount, headHash, macFrom });
  let macsValid = true;
  for (const [index, event] of events.entries())
    if (event.seq >= macFrom)
      macsValid &&= sameHex(
        event.mac,
        eventMac(key, index === 0 ? genesisHash : recomputed[index - 1]!, event),
      );
  return {
    chainIntact,
    recomputed,
    anchored: true,
    anchorMacValid: sameHex(anchor.headMac, expectedHeadMac),
    countMatches: events.length === anchor.eventCount && events.at(-1)?.seq === anchor.eventCount,
    headMatches: recomputed.at(-1) === headHash && events.at(-1)?.hash === headHash,
    macsValid,
    unanchoredEvents: Math.min(events.length, macFrom - 1),
  };
}
