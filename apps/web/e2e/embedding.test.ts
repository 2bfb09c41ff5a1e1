import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { ApiUserTokenResponse, ApiUserWithSecret } from '@signet/contracts/business-api-users';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { corpusPdf, createBusiness } from './factories.ts';
import { shoot } from './page-shots.ts';
import { api, baseUrl, uniqueEmail, usePages } from './support.ts';

// Issue 15 scope 5 (embedding): the docs' host page, served from an origin the business named,
// frames a visitor's signing page of an embed request, the visitor signs in the frame and the host
// hears `signet:exit`; the same page from an origin the business did not name gets no signing page.

const { pageAs } = usePages();
const hostPage = readFileSync(join(import.meta.dirname, '../../../docs/embedding/host-page.html'), 'utf8');
const servers: Server[] = [];
after(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

/** A portal on loopback: the docs' host page with the signing link, and a page for the exit address. */
async function portal(signingLink: () => string): Promise<string> {
  const server = createServer((request, response) => {
    const page = request.url === '/done' ? '<p>Back in the portal</p>' : hostPage;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page.replace('src="SIGNING_LINK"', `src="${signingLink()}"`));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A POST as the API user's system makes it, with its bearer token. */
function asSystem<T>(token: string, path: string, body?: unknown) {
  return api<T>(path, { method: 'POST', token, body });
}

test('a portal of a named origin frames the signing page, the visitor signs there and the portal hears it; another origin cannot frame it', async () => {
  let link = '';
  const allowed = await portal(() => link);
  const stranger = await portal(() => link);
  const business = await createBusiness('Embed Test AG', ['Emma', 'Admin']);
  const admin = business.admin;

  // The admin names the portal's origin on the developers page.
  const page = await pageAs(admin.token);
  await page.goto('/business/developers/api');
  const card = page.getByRole('region', { name: 'Embedded signing' });
  const field = card.getByLabel('Origins that may frame signing pages');
  await field.fill('https://portal.example.com/path');
  await card.getByText('Line 1 (https://portal.example.com/path) is no origin', { exact: false }).waitFor();
  await field.fill(`${allowed}/\nhttps://portal.example.com`);
  await card.getByRole('button', { name: 'Save origins' }).click();
  await page.getByText('Origins saved.').waitFor();
  // Saved as browsers write origins (no trailing slash).
  await page.reload();
  await card.getByText('https://portal.example.com').first().waitFor();
  assert.equal(await field.inputValue(), `${allowed}\nhttps://portal.example.com`);
  await shoot(page, 'api-embed-origins');

  // The portal's system: an API user that exchanges its secret for a token.
  const created = await api<ApiUserWithSecret>(`/v1/businesses/${business.id}/apis`, {
    method: 'POST',
    token: admin.token,
    body: { username: `api-portal-${Date.now().toString(36)}` },
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const basic = Buffer.from(`${created.body.username}:${created.body.secret}`).toString('base64');
  const exchanged = await fetch(`${baseUrl}/api/v1/login`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}` },
  });
  assert.equal(exchanged.status, 200);
  const token = ((await exchanged.json()) as ApiUserTokenResponse).access_token;

  const visitor = uniqueEmail('embedded');
  const draft = await asSystem<SignatureRequest>(token, '/v3/signature-requests', {
    title: 'Embedded contract',
    embed: true,
    exit_url: `${allowed}/done`,
    redirect_timeout: 0,
    documents: [{ title: 'contract', content: corpusPdf() }],
    signatures: [
      { signer_identity_data: { email_address: visitor, first_name: 'Vera', last_name: 'Visitor' } },
    ],
  });
  assert.equal(draft.status, 201, JSON.stringify(draft.body));
  const request = draft.body;
  assert.equal((await asSystem(token, `/v3/signature-requests/${request.id}/initiate`)).status, 200);
  const taken = await asSystem<{ url: string }>(
    token,
    `/v3/signature-requests/${request.id}/signatures/${request.signatures[0]!.sid}/embed-link`,
  );
  assert.equal(taken.status, 200, JSON.stringify(taken.body));
  link = taken.body.url;

  // An origin the business did not name gets no signing page in its frame.
  const elsewhere = await pageAs(null);
  await elsewhere.goto(stranger, { waitUntil: 'load' });
  // Given the time the named origin's frame needs to show the request, the refused frame is empty.
  await elsewhere.waitForTimeout(5_000);
  const child = elsewhere.frames().find((frame) => frame !== elsewhere.mainFrame());
  assert.ok(child, 'the host page has its frame');
  // Chromium's stand-in for a document it refused to put in the frame.
  assert.equal(child.url(), 'chrome-error://chromewebdata/');
  assert.equal(
    await elsewhere.frameLocator('#signet').getByRole('heading', { name: 'Embedded contract' }).count(),
    0,
  );

  // The named origin frames it; the visitor signs in the frame and the portal hears of it.
  const host = await pageAs(null);
  await host.goto(allowed);
  const frame = host.frameLocator('#signet');
  await frame.getByRole('heading', { name: 'Embedded contract' }).waitFor();
  await shoot(host, 'embedded-signing');
  await frame.getByRole('button', { name: 'Sign', exact: true }).click();
  // The host page's status says how the visitor left: signed, declined or an error.
  const status = host.getByRole('status');
  await status.filter({ hasNotText: 'Please read and sign' }).waitFor({ timeout: 60_000 });
  assert.equal(await status.textContent(), 'Thank you: the contract is signed.');
  assert.equal(await host.locator('#signet').count(), 0);

  const done = await api<SignatureRequest>(`/v3/signature-requests/${request.id}`, { token });
  assert.equal(done.body.status_overall, 'SIGNED');
});
