import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurationProblem, isPrivateAddress } from '../../adapters/outbound-addresses.ts';
import { postWebhook, type PostLimits } from './webhook-http.ts';

/**
 * The delivery client against a real server on loopback: what it refuses before connecting, the
 * time limit, the size limit, and that it follows no redirect.
 */
describe('webhook addresses', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '[::1]',
  ])('%s is refused', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    '%s is allowed',
    (address) => expect(isPrivateAddress(address)).toBe(false),
  );

  it('refuses literal private addresses at configuration unless allowed; names are checked later', () => {
    expect(configurationProblem('http://127.0.0.1:8080/hook', false)).toMatch(/private/);
    expect(configurationProblem('http://[::ffff:127.0.0.1]/hook', false)).toMatch(/private/);
    expect(configurationProblem('http://127.0.0.1:8080/hook', true)).toBeNull();
    expect(configurationProblem('https://hooks.example.com/x', false)).toBeNull();
    expect(configurationProblem('http://localhost/x', false)).toBeNull();
    expect(configurationProblem('http://user:pw@hooks.example.com/x', false)).toMatch(/credentials/);
  });
});

describe('the webhook client', () => {
  const limits: PostLimits = { allowPrivate: true, timeoutMs: 500, maxResponseBytes: 1024 };
  let base = '';
  const server = createServer((request, response) => {
    request.resume();
    if (request.url === '/slow') return; // never answers
    if (request.url === '/big') {
      response.write('x'.repeat(800));
      response.write('y'.repeat(800));
      return; // keeps the connection open: only the limit ends it
    }
    if (request.url === '/redirect') {
      response.writeHead(302, { location: '/ok' }).end();
      return;
    }
    response.writeHead(request.url === '/fail' ? 500 : 200).end(`got ${request.headers['signet-event-id']}`);
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts the body and reports the status and the start of the answer', async () => {
    const outcome = await postWebhook(`${base}/ok`, '{}', { 'signet-event-id': 'e1' }, limits);
    expect(outcome).toMatchObject({ statusCode: 200, error: null, snippet: 'got e1' });
  });

  it('reports a 500 as it came', async () => {
    expect(await postWebhook(`${base}/fail`, '{}', {}, limits)).toMatchObject({
      statusCode: 500,
      error: null,
    });
  });

  it('gives up at the time limit', async () => {
    const outcome = await postWebhook(`${base}/slow`, '{}', {}, limits);
    expect(outcome.statusCode).toBeNull();
    expect(outcome.error).toMatch(/within 0.5 s/);
    expect(outcome.durationMs).toBeGreaterThanOrEqual(400);
  });

  it('cuts an answer off past the size limit', async () => {
    const outcome = await postWebhook(`${base}/big`, '{}', {}, limits);
    expect(outcome.error).toMatch(/larger than 1024 bytes/);
    expect(outcome.snippet).toBe('x'.repeat(500));
  });

  it('follows no redirect: a 302 is what the attempt got', async () => {
    expect(await postWebhook(`${base}/redirect`, '{}', {}, limits)).toMatchObject({ statusCode: 302 });
  });

  it('refuses loopback when private addresses are not allowed: literal, and a name that resolves there', async () => {
    const closed = { ...limits, allowPrivate: false };
    expect((await postWebhook(`${base}/ok`, '{}', {}, closed)).error).toMatch(/refused address/);
    const port = new URL(base).port;
    const outcome = await postWebhook(`http://localhost:${port}/ok`, '{}', {}, closed);
    expect(outcome.statusCode).toBeNull();
    expect(outcome.error).toMatch(/localhost resolves to a refused address \((127\.0\.0\.1|::1)\)/);
  });

  it('refuses other schemes', async () => {
    expect((await postWebhook('ftp://example.com/x', '{}', {}, limits)).error).toMatch(/only http/);
  });
});
