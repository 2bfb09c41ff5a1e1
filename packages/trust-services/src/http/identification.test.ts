import { createHmac, X509Certificate } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifiedIdentification } from '../test-support/identification.js';
import {
  testIdentificationClientToken,
  testIdentificationWebhookSecret,
  useSandboxApp,
} from '../test-support/sandbox-app.js';

const sandbox = useSandboxApp({ name: 'identification', services: true });
afterEach(() => sandbox.services.control.resetClock());

/** A webhook receiver that answers each delivery with the next of `answers` (then 204). */
interface Delivery {
  at: number;
  headers: IncomingMessage['headers'];
  body: string;
}
let receiver: Server;
let answers: number[] = [];
const deliveries: Delivery[] = [];
let webhookUrl = '';
beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      deliveries.push({ at: Date.now(), headers: request.headers, body });
      response.statusCode = answers.shift() ?? 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/events`;
});
afterAll(() => new Promise((resolve) => receiver.close(resolve)));

const client = { authorization: `Bearer ${testIdentificationClientToken}` };
const api = (method: 'GET' | 'POST', url: string, payload?: object, headers = client) =>
  sandbox.app.inject({ method, url: `/sandbox/ident${url}`, headers, ...(payload ? { payload } : {}) });
const newSession = (provider: string, method: string, extra: object = {}) =>
  api('POST', `/${provider}/v1/sessions`, {
    method,
    reference: 'ref-1',
    returnUrl: 'http://localhost/profile/signature-standards/zertes/auto?identification=ref-1',
    webhookUrl,
    person: { firstName: 'Erika', lastName: 'Muster' },
    ...extra,
  });
/** The page's path below the app (the session's URL names the public base). */
const pagePath = (url: string) => new URL(url).pathname;
const submit = (url: string, form: Record<string, string>) =>
  sandbox.app.inject({
    method: 'POST',
    url: pagePath(url),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
async function deliveriesFor(sessionId: string, count: number, withinMs = 5000): Promise<Delivery[]> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const mine = deliveries.filter((d) => d.body.includes(sessionId));
    if (mine.length >= count) return mine;
    if (Date.now() > deadline) throw new Error(`${mine.length} deliveries, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the sandbox identification providers', () => {
  it('serve their client only, and refuse methods a provider does not offer', async () => {
    expect((await api('POST', '/srs/v1/sessions', {}, { authorization: 'Bearer wrong' })).statusCode).toBe(
      401,
    );
    expect(
      (await api('GET', '/srs/v1/sessions/ids_abcdefghijklmnopqr', undefined, {} as typeof client))
        .statusCode,
    ).toBe(401);
    const notOffered = await newSession('srs', 'autoident');
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().error_description).toContain('srs offers video and robo');
    expect((await newSession('acme', 'video')).statusCode).toBe(400);
    expect((await newSession('intrum', 'video', { returnUrl: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await api('GET', '/srs/v1/sessions/ids_abcdefghijklmnopqr')).statusCode).toBe(404);
  });

  it('run a session: page, document read as the tester edits it, redirect, signed webhook, status call', async () => {
    const created = await newSession('intrum', 'autoident');
    expect(created.statusCode).toBe(201);
    const session = created.json();
    expect(session).toMatchObject({
      provider: 'intrum',
      legislation: 'zertes',
      status: 'initialized',
      result: null,
    });
    expect(session.url).toMatch(/^http:\/\/localhost\/sandbox\/ident\/sessions\/ids_[\w-]+\/[\w-]{43}$/);
    // The session at the other provider, or with another token, is not there.
    expect((await api('GET', `/srs/v1/sessions/${session.id}`)).statusCode).toBe(404);
    const wrongToken = await sandbox.app.inject({
      url: `/sandbox/ident/sessions/${session.id}/${'x'.repeat(43)}`,
    });
    expect(wrongToken.statusCode).toBe(404);
    expect(wrongToken.body).toContain('not valid');

    const page = await sandbox.app.inject({ url: pagePath(session.url) });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('SIMULATED');
    expect(page.body).toContain('Automatic identification');
    expect(page.body).toContain('IDENTITY CARD · SAMPLE');
    expect(page.body).toContain('<label for="birthDate">');
    expect((await api('GET', `/intrum/v1/sessions/${session.id}`)).json().status).toBe('inprogress');

    const badDate = await submit(session.url, {
      outcome: 'success',
      firstName: 'Erika',
      lastName: 'Muster',
      birthDate: '12.04.1985',
      documentType: 'passport',
    });
    expect(badDate.statusCode).toBe(400);
    const done = await submit(session.url, {
      outcome: 'success',
      firstName: 'Erica',
      lastName: 'Muster-Meier',
      birthDate: '1990-01-02',
      documentType: 'passport',
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(
      'http://localhost/profile/signature-standards/zertes/auto?identification=ref-1',
    );
    const status = (await api('GET', `/intrum/v1/sessions/${session.id}`)).json();
    expect(status).toMatchObject({
      status: 'success',
      result: {
        firstName: 'Erica',
        lastName: 'Muster-Meier',
        birthDate: '1990-01-02',
        documentType: 'passport',
        documentExpiry: '2034-12-31',
        level: 'qes',
        demo: true,
      },
    });
    expect(status.history.map((h: { status: string }) => h.status)).toEqual([
      'initialized',
      'inprogress',
      'success',
    ]);
    expect(status).not.toHaveProperty('pageTokenHash');
    // Ended: the page says so, and the outcome cannot change.
    expect((await sandbox.app.inject({ url: pagePath(session.url) })).body).toContain(
      'This identification has ended',
    );
    expect((await submit(session.url, { outcome: 'failure' })).statusCode).toBe(409);

    // One signed webhook per change (opened, then ended), each a new event.
    const [opened, ended] = await deliveriesFor(session.id, 2);
    for (const delivery of [opened!, ended!]) {
      const timestamp = delivery.headers['ident-timestamp'] as string;
      const expected = createHmac('sha256', testIdentificationWebhookSecret)
        .update(`${timestamp}.${delivery.body}`)
        .digest('hex');
      expect(delivery.headers['ident-signature']).toBe(`v1=${expected}`);
      expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThan(60);
      expect(JSON.parse(delivery.body)).toEqual({
        id: expect.stringMatching(/^evt_/),
        type: 'session.updated',
        sessionId: session.id,
      });
    }
    expect(JSON.parse(opened!.body).id).not.toBe(JSON.parse(ended!.body).id);
  });

  it('retry a webhook with exponential backoff until the receiver takes it, keeping its event id', async () => {
    const session = (await newSession('srs', 'video')).json();
    answers = [500, 503, 204];
    const page = await sandbox.app.inject({ url: pagePath(session.url) });
    expect(page.body).toContain('Video identification');
    expect(page.body).toContain('Call with your identification agent');
    const attempts = await deliveriesFor(session.id, 3);
    expect(new Set(attempts.map((a) => JSON.parse(a.body).id)).size).toBe(1);
    const waits = [attempts[1]!.at - attempts[0]!.at, attempts[2]!.at - attempts[1]!.at];
    // 50 ms, then 100 ms (the test sandbox's first retry waits 50 ms).
    expect(waits[0]).toBeGreaterThanOrEqual(45);
    expect(waits[1]).toBeGreaterThanOrEqual(95);
    expect(waits[1]).toBeGreaterThan(waits[0]!);
    // Taken (2xx): no further attempt.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(deliveries.filter((d) => d.body.includes(session.id))).toHaveLength(3);
  });

  it('stop retrying when the receiver has the event already (409)', async () => {
    const session = (await newSession('srs', 'robo')).json();
    answers = [409];
    const page = await sandbox.app.inject({ url: pagePath(session.url) });
    expect(page.body).toContain('Self-service identification');
    await deliveriesFor(session.id, 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deliveries.filter((d) => d.body.includes(session.id))).toHaveLength(1);
  });

  it('record failed, abandoned, cancelled and expired sessions without a result', async () => {
    const outcome = async (form: Record<string, string>) => {
      const session = (await newSession('intrum', 'video')).json();
      expect((await submit(session.url, form)).statusCode).toBe(303);
      return (await api('GET', `/intrum/v1/sessions/${session.id}`)).json();
    };
    expect(await outcome({ outcome: 'failure' })).toMatchObject({ status: 'failure', result: null });
    expect(await outcome({ outcome: 'abandoned' })).toMatchObject({ status: 'abandoned', result: null });

    const cancelled = (await newSession('intrum', 'video')).json();
    expect((await api('POST', `/intrum/v1/sessions/${cancelled.id}/cancel`, {})).json().status).toBe(
      'cancelled',
    );
    expect((await api('POST', `/intrum/v1/sessions/${cancelled.id}/cancel`, {})).statusCode).toBe(409);

    const left = (await newSession('intrum', 'video')).json();
    sandbox.services.control.setClock({ offsetMs: 25 * 3600_000 });
    expect((await api('GET', `/intrum/v1/sessions/${left.id}`)).json().status).toBe('expired');
  });

  it('let the RA issue a qualified certificate only to a verified person, in the name verified', async () => {
    const person = {
      givenName: 'Erika',
      surname: 'Muster',
      email: 'erika@example.ch',
      mobile: '+41790007001',
    };
    const enrol = (extra: object) =>
      sandbox.app.inject({
        method: 'POST',
        url: '/sandbox/ra/v1/enrol',
        headers: { authorization: `Bearer ${sandbox.clientToken}` },
        payload: { ...person, quality: 'qes', legislation: 'zertes', ...extra },
      });
    const unidentified = await enrol({});
    expect(unidentified.statusCode).toBe(403);
    expect(unidentified.json().error_description).toContain('identification');
    expect((await enrol({ identificationId: 'ids_nobody-knows-this-one' })).statusCode).toBe(403);
    const failed = (await newSession('intrum', 'video')).json();
    await submit(failed.url, { outcome: 'failure' });
    expect((await enrol({ identificationId: failed.id })).statusCode).toBe(403);
    const eidas = await verifiedIdentification(sandbox.services, 'eidas', {
      firstName: 'Erika',
      lastName: 'Muster',
    });
    expect((await enrol({ identificationId: eidas })).statusCode).toBe(403);
    const zertes = await verifiedIdentification(sandbox.services, 'zertes', {
      firstName: 'Érika',
      lastName: 'Muster',
    });
    expect((await enrol({ identificationId: zertes })).statusCode).toBe(400);

    const issued = await enrol({ identificationId: zertes, givenName: 'Érika' });
    expect(issued.statusCode).toBe(201);
    const certificate = new X509Certificate(Buffer.from(issued.json().certificates[0], 'base64'));
    expect(certificate.subject).toContain('CN=Érika Muster');
    expect(certificate.subject).toContain(`serialNumber=${zertes}`);
    // AES needs no identification.
    expect((await enrol({ quality: 'aes' })).statusCode).toBe(201);
  });
});
