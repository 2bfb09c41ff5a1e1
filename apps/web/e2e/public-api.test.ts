import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import type { WebhookDelivery } from '@signet/contracts/business-webhooks';
import { corpusPdf, createBusiness } from './factories.ts';
import { shoot } from './page-shots.ts';
import { expectOverlay, pdfsig } from './signing-flow.ts';
import { api, baseUrl, mailedLink, uniqueEmail, usePages } from './support.ts';

// Issue 15, "Done when": a business's system drives the public API with an API user (HTTP Basic):
// it creates a request with a PDF and a visitor and sends it; the visitor signs in the browser; the
// business's webhook receiver (a real HTTP server on loopback) gets request.signed and
// request.completed with valid signatures; the system downloads the signed PDF and pdfsig
// validates it; and a receiver that fails twice gets the event at the third attempt. The server
// runs with OUTBOUND_ALLOW_PRIVATE_ADDRESSES=on (scripts/e2e.mjs) so that it may reach loopback.

const { pageAs } = usePages();

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on loopback: keeps what came, answers with the status `statusFor` gives the n-th POST. */
async function receiver(statusFor: (n: number) => number) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(statusFor(received.length)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/signet` };
}

/** The check the developers page shows: HMAC-SHA256 of "<t>.<body>" under the secret, in hex. */
function signedBy(secret: string, received: Received): boolean {
  const header = String(received.headers['signet-signature'] ?? '');
  const { t, v1 } = Object.fromEntries(header.split(',').map((part) => part.split('='))) as Record<
    string,
    string
  >;
  if (!t || !v1) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${received.body}`).digest('hex');
  return v1.length === expected.length && timingSafeEqual(Buffer.from(v1), Buffer.from(expected));
}

const typesOf = (received: Received[]) => received.map((r) => (JSON.parse(r.body) as { type: string }).type);

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A call of the API as the business's system makes it: HTTP Basic with the API user. */
async function asSystem(auth: string, path: string, body?: unknown) {
  return fetch(`${baseUrl}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(auth).toString('base64')}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

test('the public API end to end: API user, visitor signs in the browser, signed webhooks, signed PDF, retries', async () => {
  const business = await createBusiness('Webhook Test AG', ['Wanda', 'Admin']);
  const admin = business.admin.token;
  const hooks = `/v1/businesses/${business.id}/webhooks`;
  const apiUser = await api<{ username: string; secret: string }>(`/v1/businesses/${business.id}/apis`, {
    method: 'POST',
    token: admin,
    body: { username: `api-erp-${Date.now().toString(36)}`, description: 'ERP' },
  });
  assert.equal(apiUser.status, 201, JSON.stringify(apiUser.body));
  const auth = `${apiUser.body.username}:${apiUser.body.secret}`;

  const erp = await receiver(() => 204);
  const flaky = await receiver((n) => (n <= 2 ? 500 : 200));
  const endpoint = await api<{ id: string; secret: string }>(hooks, {
    method: 'POST',
    token: admin,
    body: { url: erp.url, description: 'ERP', events: ['request.signed', 'request.completed'] },
  });
  assert.equal(endpoint.status, 201, JSON.stringify(endpoint.body));
  const unsteady = await api<{ id: string; secret: string }>(hooks, {
    method: 'POST',
    token: admin,
    body: { url: flaky.url, description: 'Archive', events: ['request.completed'] },
  });
  assert.equal(unsteady.status, 201, JSON.stringify(unsteady.body));

  // The quick start's calls: create with the PDF and a visitor, then send.
  const visitor = uniqueEmail('vera');
  const created = await asSystem(auth, '/v3/signature-requests', {
    title: 'Contract',
    documents: [{ title: 'contract', content: corpusPdf() }],
    signatures: [
      { signer_identity_data: { email_address: visitor, first_name: 'Vera', last_name: 'Visitor' } },
    ],
  });
  assert.equal(created.status, 201);
  const request = (await created.json()) as SignatureRequest;
  const sent = await asSystem(auth, `/v3/signature-requests/${request.id}/initiate`, {});
  assert.equal(sent.status, 200, await sent.clone().text());

  const page = await pageAs(null);
  await page.goto(await mailedLink(visitor, `/view/${request.id}/`));
  await page.getByRole('heading', { name: 'Contract' }).waitFor();
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await expectOverlay(page, 'Signed');

  await until('request.signed and request.completed at the ERP', () => erp.received.length >= 2);
  assert.deepEqual(typesOf(erp.received), ['request.signed', 'request.completed']);
  for (const got of erp.received) {
    assert.ok(signedBy(endpoint.body.secret, got), 'signed with the endpoint secret');
    assert.ok(!signedBy(unsteady.body.secret, got), 'not with another endpoint secret');
    assert.equal(got.headers['signet-event-id'], (JSON.parse(got.body) as { id: string }).id);
    assert.equal((JSON.parse(got.body) as { data: { requestId: string } }).data.requestId, request.id);
  }

  // The system downloads the signed PDF; pdfsig validates its signature.
  const done = (await (
    await asSystem(auth, `/v3/signature-requests/${request.id}`)
  ).json()) as SignatureRequest;
  assert.equal(done.status_overall, 'SIGNED');
  const download = await asSystem(auth, `/v3/documents/${done.documents[0]!.id}/download`);
  assert.equal(download.status, 200);
  const report = await pdfsig(new Uint8Array(await download.arrayBuffer()));
  assert.equal(report.signatures.length, 1, report.stdout);
  assert.equal(report.signatures[0]!.signature, 'Signature is Valid.', report.stdout);

  // The receiver that fails twice: the test-only control makes each waiting retry due now.
  await until('the first attempt at the flaky receiver', () => flaky.received.length >= 1);
  for (const attempt of [2, 3]) {
    const due = await api<{ due: number }>('/test/webhooks/attempts-due', { method: 'POST' });
    assert.equal(due.status, 200);
    await until(`attempt ${attempt} at the flaky receiver`, () => flaky.received.length >= attempt);
  }
  assert.deepEqual(typesOf(flaky.received), ['request.completed', 'request.completed', 'request.completed']);
  assert.ok(flaky.received.every((got) => signedBy(unsteady.body.secret, got)));
  assert.equal(new Set(flaky.received.map((got) => got.headers['signet-event-id'])).size, 1);
  let deliveries: WebhookDelivery[] = [];
  await until('the delivery recorded as delivered', async () => {
    deliveries = (
      await api<{ deliveries: WebhookDelivery[] }>(`${hooks}/${unsteady.body.id}/deliveries`, {
        token: admin,
      })
    ).body.deliveries;
    return deliveries[0]?.status === 'delivered';
  });
  assert.deepEqual(
    deliveries[0]!.attempts.map((a) => a.statusCode),
    [500, 500, 200],
  );

  // The admin sees it on the developers page: the endpoints, and the deliveries with their attempts.
  const adminPage = await pageAs(admin);
  await adminPage.goto('/business/developers/api');
  await adminPage.getByRole('heading', { name: 'Webhooks' }).waitFor();
  const card = adminPage.getByRole('region', { name: flaky.url, exact: true });
  await card.getByRole('button', { name: 'Show deliveries' }).click();
  const table = card.getByRole('table', { name: 'Latest deliveries' });
  await table.getByText('Delivered').waitFor();
  await table.getByText('HTTP 500').first().waitFor();
  await shoot(adminPage, 'webhooks');
});
