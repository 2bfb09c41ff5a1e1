import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Webhook, WebhookDelivery, WebhookWithSecret } from '@signet/contracts/business-webhooks';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { cast, useTestApp, visitorSignature, type TestBusiness } from '../../../test/factories.ts';
import { createTestApp, databaseKinds, json, visitorLink } from '../../../test/helpers.ts';
import { signatureValid, webhookReceiver, type Received } from '../../../test/webhook-receiver.ts';
import { retryDelaysMs } from './webhook-delivery.service.ts';

/**
 * A business's webhook endpoints and its requests' callbacks: the admins' calls, the events a
 * request's life sends (signed with the endpoint's secret, checked by a real receiver on loopback),
 * the retry schedule, re-sending by hand, and the refusals of private addresses.
 */
describe.each(databaseKinds)('webhooks on %s', (kind) => {
  const t = useTestApp(kind, {
    listen: true,
    env: { OUTBOUND_ALLOW_PRIVATE_ADDRESSES: 'on' },
    users: cast('admin', 'member', 'rival', 'owner'),
  });
  const { admin, rival, owner } = t.users;
  let acme: TestBusiness;
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
  const hooksOf = (business: TestBusiness) => `/v1/businesses/${business.id}/webhooks`;
  const create = async (events: string[], url = receiver.url, description = 'ERP') => {
    const created = await t.call('POST', hooksOf(acme), admin, { url, description, events });
    expect(created.statusCode, created.body).toBe(201);
    return json<WebhookWithSecret>(created);
  };
  const deliveriesOf = async (hook: { id: string }) => {
    const answer = await t.call('GET', `${hooksOf(acme)}/${hook.id}/deliveries`, admin);
    expect(answer.statusCode, answer.body).toBe(200);
    return json<{ deliveries: WebhookDelivery[] }>(answer).deliveries;
  };
  const eventsIn = (received: Received[]) =>
    received.map((r) => JSON.parse(r.body) as { type: string; id: string; data: Record<string, unknown> });
  /** An open request of the admin (a member of Acme) with one visitor, with its visitor's link. */
  const openRequest = async (fields: Record<string, unknown> = {}) => {
    const email = t.email('visitor');
    const request = await t.request(admin, {
      signatures: [visitorSignature(email, 'Vera', 'Visitor')],
      ...fields,
    });
    return { request, link: await visitorLink(t, email, request.id) };
  };
  const deleteAll = async () => {
    const listed = json<{ webhooks: Webhook[] }>(await t.call('GET', hooksOf(acme), admin)).webhooks;
    for (const hook of listed) await t.call('DELETE', `${hooksOf(acme)}/${hook.id}`, admin);
  };

  beforeAll(async () => {
    acme = await t.business(admin, { name: 'Acme AG' });
    await t.business(rival, { name: 'Rival GmbH' });
    receiver = await webhookReceiver();
  });
  afterAll(() => receiver.close());

  it('an admin creates an endpoint and sees its secret once; list, change, rotate and delete it', async () => {
    const created = await create(['request.completed', 'request.signed', 'request.completed']);
    expect(created.secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(created.events).toEqual(['request.completed', 'request.signed']);
    const listed = await t.call('GET', hooksOf(acme), admin);
    expect(listed.body).not.toContain(created.secret);
    expect(json<{ webhooks: Webhook[] }>(listed).webhooks.map((w) => w.id)).toContain(created.id);
    const changed = await t.call('PUT', `${hooksOf(acme)}/${created.id}`, admin, {
      description: 'Back office',
      events: ['request.sent'],
    });
    expect(json(changed)).toMatchObject({
      description: 'Back office',
      events: ['request.sent'],
      url: receiver.url,
    });
    const rotated = json<WebhookWithSecret>(
      await t.call('POST', `${hooksOf(acme)}/${created.id}/rotate-secret`, admin),
    );
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    expect((await t.call('DELETE', `${hooksOf(acme)}/${created.id}`, admin)).statusCode).toBe(204);
    expect((await t.call('DELETE', `${hooksOf(acme)}/${created.id}`, admin)).statusCode).toBe(404);
    // The secret is kept encrypted: not in the database as it was shown.
    const stored = await t.database.db.execute('select secret_encrypted from business_webhooks');
    expect(JSON.stringify(stored)).not.toContain(rotated.secret.slice(6));
  });

  it('refuses bad input naming the field: not http(s), no events, an unknown event', async () => {
    for (const [body, field] of [
      [{ url: 'ftp://example.com/x', events: ['request.sent'] }, 'url'],
      [{ url: 'javascript:alert(1)', events: ['request.sent'] }, 'url'],
      [{ url: 'https://example.com/x', events: [] }, 'events'],
      [{ url: 'https://example.com/x', events: ['request.eaten'] }, 'events'],
    ] as const) {
      const answer = await t.call('POST', hooksOf(acme), admin, body);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.body).toContain(field);
    }
  });

  it('another business cannot see or change the endpoint: 404', async () => {
    const hook = await create(['request.sent']);
    const rivalBusiness = json<{ business: { id: string } | null }>(
      await t.call('GET', '/v1/user/business', rival),
    );
    const rivalId = rivalBusiness.business?.id;
    if (rivalId) {
      const answer = await t.call('DELETE', `/v1/businesses/${rivalId}/webhooks/${hook.id}`, rival);
      expect(answer.statusCode).toBe(404);
    }
    expect((await t.call('PUT', `${hooksOf(acme)}/${hook.id}`, rival, { description: 'x' })).statusCode).toBe(
      404,
    );
    await deleteAll();
  });

  it("a request's life reaches the subscribed endpoint, signed with its secret", async () => {
    receiver.received.length = 0;
    const hook = await create(['request.sent', 'request.signed', 'request.completed']);
    const muted = await create(['request.declined'], `${receiver.url}/muted`);
    const { request, link } = await openRequest();
    await t.app.jobs.drain();
    await t.sign(request, link);
    await t.app.jobs.drain();
    const events = eventsIn(receiver.received);
    expect(events.map((e) => e.type)).toEqual(['request.sent', 'request.signed', 'request.completed']);
    expect(events[1]!.data).toEqual({
      requestId: request.id,
      status: expect.any(String),
      signerId: link.sid,
    });
    expect(events[2]!.data).toMatchObject({ requestId: request.id, status: 'SIGNED' });
    for (const got of receiver.received) {
      expect(signatureValid(got, hook.secret)).toBe(true);
      expect(signatureValid(got, muted.secret)).toBe(false);
      expect(got.headers['signet-event-id']).toBe(JSON.parse(got.body).id);
      // No secret of the link travels.
      expect(got.body).not.toContain(link.secret);
    }
    const deliveries = await deliveriesOf(hook);
    expect(deliveries.map((d) => [d.eventType, d.status, d.attempts.length])).toEqual([
      ['request.completed', 'delivered', 1],
      ['request.signed', 'delivered', 1],
      ['request.sent', 'delivered', 1],
    ]);
    expect(deliveries[0]!.attempts[0]).toMatchObject({
      statusCode: 200,
      responseSnippet: 'ok',
      manual: false,
    });
    expect(await deliveriesOf(muted)).toEqual([]);
    await deleteAll();
  });

  it('a signer opening the request is request.viewed, once; an identification for it is identification.finished', async () => {
    receiver.received.length = 0;
    const hook = await create(['request.viewed', 'identification.finished']);
    const { request, link } = await openRequest({ quality: 'qes', legislation: 'zertes' });
    // The owner's own view is not a signer's.
    await t.call('GET', `/v3/signature-requests/${request.id}`, admin);
    for (let n = 0; n < 2; n++)
      expect((await t.call('GET', `/v3/direct/signature-requests/${request.id}`, link)).statusCode).toBe(200);
    await t.identify(link, 'zertes', { signatureRequestId: request.id });
    await t.app.jobs.drain();
    const events = eventsIn(receiver.received);
    expect(events.map((e) => e.type)).toEqual(['request.viewed', 'identification.finished']);
    expect(events[0]!.data).toEqual({ requestId: request.id, status: 'OPEN', signerId: link.sid });
    expect(events[1]!.data).toMatchObject({
      requestId: request.id,
      signerId: link.sid,
      identificationStatus: 'success',
    });
    expect(receiver.received.every((r) => signatureValid(r, hook.secret))).toBe(true);
    const trail = json<{ events: Array<{ type: string }> }>(
      await t.call('GET', `/v3/signature-requests/${request.id}/events`, admin),
    ).events.map((e) => e.type);
    expect(trail.filter((type) => type === 'viewed')).toHaveLength(1);
    await deleteAll();
  });

  it('a request of someone outside any business sends nothing', async () => {
    receiver.received.length = 0;
    await create(['request.sent']);
    await t.request(owner, { signatures: [visitorSignature(t.email('v'), 'Vera', 'Visitor')] });
    await t.app.jobs.drain();
    expect(receiver.received).toEqual([]);
    await deleteAll();
  });

  it("calls the request's callbacks: update for each change, success at completion, error at a decline", async () => {
    receiver.received.length = 0;
    receiver.answer = (_, response) => response.end('ok');
    const callbacks = {
      success_callback_url: `${receiver.url}/success`,
      update_callback_url: `${receiver.url}/update`,
      error_callback_url: `${receiver.url}/error`,
    };
    // Without a callback secret, the attempts say so and nothing is sent unsigned.
    const first = await openRequest(callbacks);
    await t.app.jobs.drain();
    expect(receiver.received).toEqual([]);
    const made = await t.call('POST', `/v1/businesses/${acme.id}/callback-secret`, admin);
    expect(made.statusCode, made.body).toBe(200);
    const { secret } = json<{ secret: string }>(made);
    expect(secret).toMatch(/^whsec_/);
    const listed = json<{ callbackSecretCreatedAt: string | null }>(
      await t.call('GET', hooksOf(acme), admin),
    );
    expect(listed.callbackSecretCreatedAt).not.toBeNull();

    await t.sign(first.request, first.link);
    await t.app.jobs.drain();
    const paths = () =>
      receiver.received.map((r) => `${r.headers['signet-event-id'] ? '' : '!'}${JSON.parse(r.body).type}`);
    expect(paths().sort()).toEqual(['request.completed', 'request.completed', 'request.signed'].sort());
    expect(receiver.received.every((r) => signatureValid(r, secret))).toBe(true);

    receiver.received.length = 0;
    const second = await openRequest(callbacks);
    const declined = await t.call(
      'POST',
      `/v3/direct/signature-requests/${second.request.id}/decline`,
      second.link,
      {},
    );
    expect(declined.statusCode, declined.body).toBeLessThan(300);
    await t.app.jobs.drain();
    expect(paths().sort()).toEqual(['request.declined', 'request.declined', 'request.sent'].sort());

    // The owner sees the callback URLs; the signer does not.
    const asOwner = json<SignatureRequest>(
      await t.call('GET', `/v3/signature-requests/${second.request.id}`, admin),
    );
    expect(asOwner.update_callback_url).toBe(callbacks.update_callback_url);
    const asSigner = await t.call('GET', `/v3/direct/signature-requests/${second.request.id}`, second.link);
    expect(asSigner.body).not.toContain('/update');
  });

  it('refuses a callback URL that is not http(s), naming the field', async () => {
    const answer = await t.call('POST', '/v3/signature-requests', admin, {
      title: 'x',
      documents: [{ title: 'd', content: 'JVBERi0=' }],
      update_callback_url: 'file:///etc/passwd',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('update_callback_url');
  });
  // Last of the block: it moves the clock a day on, past the sessions of the people above.
  it('retries a failing receiver on the schedule (1 min … 16 h), then gives up; a re-send by hand delivers', async () => {
    let session = admin;
    const deliveriesOf = async (hook: { id: string }) => {
      const answer = await t.call('GET', `${hooksOf(acme)}/${hook.id}/deliveries`, session);
      expect(answer.statusCode, answer.body).toBe(200);
      return json<{ deliveries: WebhookDelivery[] }>(answer).deliveries;
    };
    receiver.received.length = 0;
    receiver.answer = (_, response) => response.writeHead(500).end('down');
    const hook = await create(['request.withdrawn']);
    const { request } = await openRequest();
    expect(
      (await t.call('POST', `/v3/signature-requests/${request.id}/withdraw`, admin, {})).statusCode,
    ).toBeLessThan(300);
    await t.app.jobs.drain();
    for (const [index, delay] of retryDelaysMs.entries()) {
      const [delivery] = await deliveriesOf(hook);
      expect(delivery!.attempts).toHaveLength(index + 1);
      expect(delivery!.status).toBe('pending');
      const last = new Date(delivery!.attempts[index]!.attemptedAt).getTime();
      expect(new Date(delivery!.nextAttemptAt!).getTime() - last).toBe(delay);
      // Not early. The test clock runs on with real time, so the margin (30 s, under the shortest
      // delay of 1 min) must outlast what a loaded machine takes between the attempt and this check:
      // 1 s did not, once, at a load of 14 on two cores.
      t.clock.advance(delay - 30_000);
      await t.app.jobs.drain();
      expect((await deliveriesOf(hook))[0]!.attempts).toHaveLength(index + 1);
      t.clock.advance(30_000);
      await t.app.jobs.drain();
      session = await t.login(admin);
    }
    const [failed] = await deliveriesOf(hook);
    expect(failed!.status).toBe('failed');
    expect(failed!.attempts).toHaveLength(7);
    expect(failed!.attempts.every((a) => a.statusCode === 500 && a.responseSnippet === 'down')).toBe(true);
    // (The callbacks above that waited for their secret retry meanwhile, to their own paths.)
    const atTheEndpoint = receiver.received.filter((r) => r.path === '/hook');
    expect(atTheEndpoint).toHaveLength(7);
    // One event, one id: every attempt carries it.
    expect(new Set(atTheEndpoint.map((r) => r.headers['signet-event-id'])).size).toBe(1);

    receiver.answer = (_, response) => response.end('ok');
    const resent = await t.call(
      'POST',
      `${hooksOf(acme)}/${hook.id}/deliveries/${failed!.id}/resend`,
      session,
    );
    expect(resent.statusCode, resent.body).toBe(202);
    await t.app.jobs.drain();
    const [delivered] = await deliveriesOf(hook);
    expect(delivered!.status).toBe('delivered');
    expect(delivered!.attempts.at(-1)).toMatchObject({ statusCode: 200, manual: true });
    expect(signatureValid(receiver.received.at(-1)!, hook.secret)).toBe(true);
    const unknown = await t.call(
      'POST',
      `${hooksOf(acme)}/${hook.id}/deliveries/00000000-0000-4000-8000-000000000000/resend`,
      session,
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe.each(databaseKinds)('webhooks to private addresses on %s (not allowed)', (kind) => {
  const t = useTestApp(kind, { listen: true, users: cast('admin') });
  let acme: TestBusiness;
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>;

  beforeAll(async () => {
    acme = await t.business(t.users.admin, { name: 'Acme AG' });
    receiver = await webhookReceiver();
  });
  afterAll(() => receiver.close());

  it('refuses literal private addresses at configuration, for endpoints and callbacks', async () => {
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://[::1]/x',
      'http://169.254.169.254/latest',
      'http://[::ffff:10.0.0.1]/x',
    ]) {
      const answer = await t.call('POST', `/v1/businesses/${acme.id}/webhooks`, t.users.admin, {
        url,
        events: ['request.sent'],
      });
      expect([answer.statusCode, json(answer).code, json(answer).field ?? json(answer).details]).toEqual([
        400,
        'WEBHOOK_URL_REFUSED',
        expect.anything(),
      ]);
    }
    const request = await t.call('POST', '/v3/signature-requests', t.users.admin, {
      title: 'x',
      documents: [{ title: 'd', content: 'JVBERi0=' }],
      error_callback_url: 'http://10.0.0.8/hook',
    });
    expect([request.statusCode, json(request).code]).toEqual([400, 'WEBHOOK_URL_REFUSED']);
    expect(request.body).toContain('error_callback_url');
  });

  it('logs a refused attempt for a name that resolves to loopback, and sends nothing there', async () => {
    const port = new URL(receiver.url).port;
    const created = await t.call('POST', `/v1/businesses/${acme.id}/webhooks`, t.users.admin, {
      url: `http://localhost:${port}/hook`,
      events: ['request.sent'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const hook = json<WebhookWithSecret>(created);
    await t.request(t.users.admin, { signatures: [visitorSignature(t.email('v'), 'Vera', 'Visitor')] });
    await t.app.jobs.drain();
    const deliveries = json<{ deliveries: WebhookDelivery[] }>(
      await t.call('GET', `/v1/businesses/${acme.id}/webhooks/${hook.id}/deliveries`, t.users.admin),
    ).deliveries;
    expect(deliveries[0]!.attempts[0]!.error).toMatch(/localhost resolves to a refused address/);
    expect(deliveries[0]!.status).toBe('pending');
    expect(receiver.received).toEqual([]);
  });
});

describe.each(databaseKinds)('the test-only control of webhook attempts on %s', (kind) => {
  it('is there under NODE_ENV=test and answers 404 otherwise', async () => {
    const test = await createTestApp(kind);
    const development = await createTestApp(kind, { env: { NODE_ENV: 'development' } });
    try {
      const due = await test.app.inject({ method: 'POST', url: '/api/test/webhooks/attempts-due' });
      expect([due.statusCode, json(due)]).toEqual([200, { due: 0 }]);
      const missing = await development.app.inject({
        method: 'POST',
        url: '/api/test/webhooks/attempts-due',
      });
      expect(missing.statusCode).toBe(404);
    } finally {
      await test.close();
      await development.close();
    }
  });
});
