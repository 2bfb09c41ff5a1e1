import { createHmac, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { IdentificationState } from '@signet/contracts/identification';
import { identifications, identificationWebhookEvents } from '../../db/schema/identification.ts';
import { databaseKinds, json } from '../../../test/helpers.ts';
import { cast, finishAtProvider, useTestApp } from '../../../test/factories.ts';

const secret = 'webhook-test-secret-0123456789-abcdef';
const minute = 60_000;

describe.each(databaseKinds)('identification webhooks on %s', (kind) => {
  const t = useTestApp(kind, {
    listen: true,
    env: { IDENTIFICATION_WEBHOOK_SECRET: secret },
    users: cast('owner'),
  });
  const { owner } = t.users;

  /** The identification as stored: read from the database, so no status call refreshes it. */
  const stored = async (id: string) =>
    (await t.database.db.select().from(identifications).where(eq(identifications.id, id)))[0]!;
  const events = () => t.database.db.select().from(identificationWebhookEvents);
  /** Waits until the stored identification reaches `status` (only a webhook can move it here). */
  async function storedStatus(id: string, status: string, withinMs = 15_000) {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const row = await stored(id);
      if (row.providerStatus === status) return row;
      if (Date.now() > deadline) throw new Error(`still ${row.providerStatus}, not ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** A webhook as a provider sends it, signed with `key` at `timestamp` (Unix seconds). */
  const deliver = (
    event: { id: string; sessionId: string },
    sign: { key?: string; timestamp?: number; signature?: string } = {},
  ) => {
    const body = JSON.stringify({ id: event.id, type: 'session.updated', sessionId: event.sessionId });
    const timestamp = sign.timestamp ?? Math.floor(t.clock.now().getTime() / 1000);
    const signature =
      sign.signature ??
      `v1=${createHmac('sha256', sign.key ?? secret)
        .update(`${timestamp}.${body}`)
        .digest('hex')}`;
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/identification/events',
      headers: {
        'content-type': 'application/json',
        'ident-timestamp': String(timestamp),
        'ident-signature': signature,
      },
      payload: body,
    });
  };

  it('acts on signed events alone, refuses forged, stale and replayed ones, and gets retried deliveries', async () => {
    const started = json<IdentificationState>(
      await t.call('POST', '/v1/user/identification/intrum/autoident', owner),
    );
    const sessionId = (await stored(started.id!)).providerSessionId;
    // The person opens the page: the provider's webhook alone moves the identification on.
    expect((await fetch(started.url!)).status).toBe(200);
    await storedStatus(started.id!, 'inprogress');
    const [opened] = await events();
    expect(opened).toMatchObject({ providerSessionId: sessionId });

    // Signet's clock runs 10 minutes ahead: the provider's next events arrive stale and are refused.
    t.clock.advance(10 * minute);
    await finishAtProvider(started.url!, 'success');
    const forged = await deliver(
      { id: `evt_${randomUUID()}`, sessionId },
      { key: 'not-the-shared-key-0123456789' },
    );
    expect(json(forged)).toMatchObject({ statusCode: 401, code: 'WEBHOOK_SIGNATURE_INVALID' });
    const unsigned = await deliver({ id: `evt_${randomUUID()}`, sessionId }, { signature: '' });
    expect(json(unsigned).code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const stale = await deliver(
      { id: `evt_${randomUUID()}`, sessionId },
      { timestamp: Math.floor(t.clock.now().getTime() / 1000) - 6 * 60 },
    );
    expect(json(stale)).toMatchObject({ statusCode: 400, code: 'WEBHOOK_TIMESTAMP_STALE' });
    const replayed = await deliver({ id: opened!.eventId, sessionId });
    expect(json(replayed)).toMatchObject({ statusCode: 409, code: 'WEBHOOK_REPLAYED' });
    const unknown = await deliver({ id: `evt_${randomUUID()}`, sessionId: 'ids_nobody-knows-this-one' });
    expect(json(unknown)).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    // Nothing changed: no evidence, no new event, the same history.
    const untouched = await stored(started.id!);
    expect(untouched).toMatchObject({ providerStatus: 'inprogress', verifiedFirstName: null, level: null });
    expect(untouched.statusHistory.map((h) => h.status)).toEqual(['initialized', 'inprogress']);
    expect(await events()).toHaveLength(1);

    // The clocks agree again: the provider's retry (with backoff) is accepted, once.
    t.clock.advance(-10 * minute);
    const done = await storedStatus(started.id!, 'success');
    expect(done).toMatchObject({
      verifiedFirstName: 'Olga',
      verifiedLastName: 'Owner',
      level: 'qes',
      demo: true,
    });
    expect(done.completedAt).not.toBeNull();
    expect(done.continueUrl).toBeNull();
    expect(done.statusHistory.map((h) => h.status)).toEqual(['initialized', 'inprogress', 'success']);
    expect(await events()).toHaveLength(2);
    const [, success] = (await events()).sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
    const again = await deliver({ id: success!.eventId, sessionId });
    expect(json(again).code).toBe('WEBHOOK_REPLAYED');
  }, 60_000);

  it('refuses a body that is not the event, naming the field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/identification/events',
      headers: { 'content-type': 'application/json' },
      payload: { id: 'x', type: 'session.updated', sessionId: 'ids_abcdefghijklmnop' },
    });
    expect(json(response)).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', field: 'body.id' });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/identification/events',
      headers: { 'content-type': 'application/json' },
      payload: '{"id":',
    });
    expect(json(broken).code).toBe('MALFORMED_JSON');
  });
});
