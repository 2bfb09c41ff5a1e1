import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SignatureReport } from '@signet/contracts/signature-requests';
import { createTestApp, databaseKinds, json } from '../../../test/helpers.ts';
import { cast, useTestApp, withFactories } from '../../../test/factories.ts';
import { eventHash, eventMac, headMac } from './audit-chain.ts';

interface Row {
  request_id: string;
  seq: number;
  type: string;
  actor: string | null;
  data: Record<string, unknown>;
  created_at: Date | string;
  prev_hash: string;
  hash: string;
}

/** Sorted keys at every level, as jsonb gives them back in its own order. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
        )
      : value;

/** What someone with database access but without the key can do: recompute the plain hash chain. */
function plainHash(prev: string, row: Row): string {
  const text = JSON.stringify([
    prev,
    row.request_id,
    row.seq,
    row.type,
    row.actor,
    canonical(row.data),
    new Date(row.created_at).toISOString(),
  ]);
  return createHash('sha256').update(text).digest('hex');
}

/** A stored row as the audit chain reads it. */
const chainEvent = (row: Row) => ({
  requestId: row.request_id,
  seq: row.seq,
  type: row.type,
  actor: row.actor,
  data: row.data,
  createdAt: new Date(row.created_at),
});

describe.each(databaseKinds)('audit trail anchoring on %s', (kind) => {
  const t = useTestApp(kind, {
    listen: true,
    users: cast('owner', 'signer'),
  });
  const { owner, signer } = t.users;
  const scratch = mkdtempSync(join(tmpdir(), 'signet-audit-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  const sql = (text: string) => t.database.db.execute(text as never) as unknown as Promise<{ rows: Row[] }>;
  const chainValid = async (id: string) =>
    json<{ chain_valid: boolean }>(await t.call('GET', `/v3/signature-requests/${id}/events`, owner))
      .chain_valid;
  const audit = async (id: string) =>
    json<SignatureReport>(await t.call('GET', `/v3/signature-requests/${id}/report`, owner)).audit;

  /** An open request with three events: created, initiated, observer added. */
  async function openRequest(): Promise<string> {
    const { id } = await t.request(owner, { title: 'Audit', signatures: ['signer@example.ch'] });
    expect(
      (await t.call('POST', `/v3/signature-requests/${id}/observers`, owner, { email: 'o@example.ch' }))
        .statusCode,
    ).toBeLessThan(300);
    return id;
  }

  const events = async (id: string) =>
    (await sql(`select * from request_events where request_id = '${id}' order by seq`)).rows;

  it('an intact trail verifies; at completion its head is timestamped, and openssl agrees', async () => {
    const id = await openRequest();
    const open = await audit(id);
    expect(open).toMatchObject({
      verified: true,
      event_count: 3,
      recorded_event_count: 3,
      checks: {
        chain_intact: true,
        macs_valid: true,
        count_matches: true,
        head_matches: true,
        anchor_mac_valid: true,
        timestamp_valid: null,
      },
      timestamp: null,
      not_verified: ['not-timestamped'],
    });
    expect(open.head_hash).toBe((await events(id)).at(-1)!.hash);

    expect(await t.sign({ id }, signer)).toMatchObject({ status: 'SUCCESS' });
    await t.app.jobs.drain();
    const done = await audit(id);
    expect(done).toMatchObject({
      verified: true,
      event_count: 5,
      checks: { timestamp_valid: true, macs_valid: true, count_matches: true },
      timestamp: { event_count: 5, head_hash: done.head_hash, tsa: expect.stringContaining('SIMULATED') },
      not_verified: ['tsa-revocation-not-checked'],
    });
    expect(Math.abs(Date.parse(done.timestamp!.time!) - Date.now())).toBeLessThan(120_000);

    const trustList = await (await fetch(`${t.config.publicUrl}/api/v1/trust-list.pem`)).text();
    writeFileSync(join(scratch, 'trust.pem'), trustList);
    writeFileSync(join(scratch, 'token.der'), Buffer.from(done.timestamp!.token, 'base64'));
    writeFileSync(join(scratch, 'head.txt'), done.head_hash!);
    const verdict = execFileSync('openssl', [
      'ts',
      '-verify',
      '-token_in',
      '-in',
      join(scratch, 'token.der'),
      '-data',
      join(scratch, 'head.txt'),
      '-CAfile',
      join(scratch, 'trust.pem'),
      '-untrusted',
      join(scratch, 'trust.pem'),
    ]).toString();
    expect(verdict).toContain('Verification: OK');

    const pdf = (await t.call('GET', `/v3/signature-requests/${id}/report?type=PDF`, owner)).rawPayload;
    writeFileSync(join(scratch, 'report.pdf'), pdf);
    // The report's font joins "fi" into one glyph, which pdftotext gives back as U+FB01.
    const text = execFileSync('pdftotext', [join(scratch, 'report.pdf'), '-'])
      .toString()
      .replace(/\ufb01/g, 'fi');
    expect(text).toContain('The audit trail verifies');
    expect(text).toContain('What was verified');
    expect(text).toContain('What this cannot verify');
    expect(text).toContain('covers events 1 to 5');
    expect(text.replace(/\s/g, '')).toContain(done.head_hash!);
  });

  it('reads an intact trail as intact while events are being appended to it', async () => {
    // The events and the anchor are one snapshot: read apart, an append in between made the trail
    // look broken (the signing view once showed "chain invalid" while a signer's first view was
    // being recorded).
    const id = await openRequest();
    const writes = Array.from({ length: 12 }, (_, i) =>
      t.call('POST', `/v3/signature-requests/${id}/observers`, owner, { email: `race${i}@example.ch` }),
    );
    const reads = Array.from({ length: 36 }, () => chainValid(id));
    const [written, verdicts] = await Promise.all([Promise.all(writes), Promise.all(reads)]);
    expect(written.map((r) => r.statusCode < 300)).not.toContain(false);
    expect(verdicts.filter((valid) => !valid)).toHaveLength(0);
    expect((await events(id)).length).toBe(15);
  });

  it('detects a deleted last event', async () => {
    const id = await openRequest();
    await sql(`delete from request_events where request_id = '${id}' and seq = 3`);
    expect(await chainValid(id)).toBe(false);
    expect(await audit(id)).toMatchObject({
      verified: false,
      event_count: 2,
      recorded_event_count: 3,
      checks: { chain_intact: true, count_matches: false, head_matches: false },
    });
  });

  it('detects an edited event whose plain hash chain was recomputed', async () => {
    const id = await openRequest();
    await sql(
      `update request_events set data = '{"email":"forged@example.ch"}' where request_id = '${id}' and seq = 3`,
    );
    let prev = '0'.repeat(64);
    for (const row of await events(id)) {
      const hash = plainHash(prev, row);
      await sql(
        `update request_events set prev_hash = '${prev}', hash = '${hash}' where request_id = '${id}' and seq = ${row.seq}`,
      );
      prev = hash;
    }
    expect(await chainValid(id)).toBe(false);
    expect(await audit(id)).toMatchObject({
      verified: false,
      checks: { chain_intact: true, macs_valid: false, head_matches: false },
    });
  });

  it('detects a head stored with the request that was changed without the key', async () => {
    const id = await openRequest();
    const [, second] = await events(id);
    // A clean truncation: the last event gone, and the stored count and head moved back to match.
    await sql(`delete from request_events where request_id = '${id}' and seq = 3`);
    await sql(
      `update signature_requests set audit_event_count = 2, audit_head_hash = '${second!.hash}' where id = '${id}'`,
    );
    expect(await chainValid(id)).toBe(false);
    expect(await audit(id)).toMatchObject({
      verified: false,
      checks: {
        chain_intact: true,
        macs_valid: true,
        count_matches: true,
        head_matches: true,
        anchor_mac_valid: false,
      },
    });
  });

  it('the timestamp still shows a trail rewritten at completion by someone holding the key', async () => {
    const id = await openRequest();
    expect(await t.sign({ id }, signer)).toMatchObject({ status: 'SUCCESS' });
    await t.app.jobs.drain();
    const key = Buffer.from(readFileSync(join(t.config.dataDir, 'secrets', 'audit-mac-key'), 'utf8').trim());
    await sql(
      `update request_events set data = '{"email":"forged@example.ch"}' where request_id = '${id}' and seq = 3`,
    );
    let prev = '0'.repeat(64);
    const rows = await events(id);
    for (const row of rows) {
      const event = chainEvent(row);
      const hash = eventHash(prev, event);
      await sql(
        `update request_events set prev_hash = '${prev}', hash = '${hash}', mac = '${eventMac(key, prev, event)}' where request_id = '${id}' and seq = ${row.seq}`,
      );
      prev = hash;
    }
    const head = headMac(key, id, { eventCount: rows.length, headHash: prev, macFrom: 1 });
    await sql(
      `update signature_requests set audit_head_hash = '${prev}', audit_head_mac = '${head}' where id = '${id}'`,
    );
    expect(await chainValid(id)).toBe(true);
    expect(await audit(id)).toMatchObject({
      verified: false,
      checks: { chain_intact: true, macs_valid: true, anchor_mac_valid: true, timestamp_valid: false },
    });
  });

  it('says a trail recorded before anchoring is checked by its hash chain only', async () => {
    const id = await openRequest();
    await sql(`update request_events set mac = null where request_id = '${id}'`);
    await sql(
      `update signature_requests set audit_event_count = 0, audit_head_hash = null, audit_head_mac = null, audit_mac_from = null where id = '${id}'`,
    );
    expect(await chainValid(id)).toBe(true);
    expect(await audit(id)).toMatchObject({
      verified: false,
      recorded_event_count: null,
      checks: { chain_intact: true, macs_valid: null, anchor_mac_valid: null },
      not_verified: ['unanchored-events', 'not-timestamped'],
    });
    // New events are anchored from there on; the old ones stay unanchored.
    await t.call('POST', `/v3/signature-requests/${id}/observers`, owner, { email: 'p@example.ch' });
    expect(await chainValid(id)).toBe(true);
    expect(await audit(id)).toMatchObject({
      verified: false,
      event_count: 4,
      recorded_event_count: 4,
      checks: { chain_intact: true, macs_valid: true, count_matches: true, anchor_mac_valid: true },
      not_verified: ['unanchored-events', 'not-timestamped'],
    });
  });
});

describe('audit MAC key', () => {
  it('comes from AUDIT_MAC_KEY when set, and then no key is generated into the data folder', async () => {
    const key = 'a-configured-audit-key-of-32-characters-at-least';
    const t = withFactories(await createTestApp('pglite', { env: { AUDIT_MAC_KEY: key } }));
    try {
      const owner = await t.user({ email: 'owner@example.ch' });
      const { id } = await t.request(owner, { status: 'DRAFT', title: 'Keyed' });
      const { rows } = (await t.database.db.execute(
        `select * from request_events where request_id = '${id}'` as never,
      )) as unknown as { rows: Array<Row & { mac: string }> };
      const row = rows[0]!;
      expect(row.mac).toBe(eventMac(Buffer.from(key), '0'.repeat(64), chainEvent(row)));
      expect(existsSync(join(t.config.dataDir, 'secrets', 'audit-mac-key'))).toBe(false);
    } finally {
      await t.close();
    }
  });
});
