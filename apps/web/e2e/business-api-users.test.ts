import assert from 'node:assert/strict';
import { test } from 'node:test';
import { corpusPdf, createBusiness } from './factories.ts';
import { shoot } from './page-shots.ts';
import { baseUrl, usePages } from './support.ts';

// Issue 15 (API users): an admin creates an API user on /business/developers/api and sees its
// secret once; a system (here: fetch) creates a request with it over HTTP Basic and lists it;
// a reset ends the old secret and a delete the new one.

const { pageAs } = usePages();

/** A call of the API as a system makes it: HTTP Basic with the API user's name and secret. */
async function asApiUser(username: string, secret: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${username}:${secret}`).toString('base64')}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
}

test('an admin creates an API user, its secret works once shown; reset and delete end it', async () => {
  const business = await createBusiness('Api Test AG', ['Aria', 'Admin']);
  const page = await pageAs(business.admin.token);
  const username = `api-e2e-${Date.now().toString(36)}`;

  await page.goto('/business/developers/api');
  await page.getByRole('heading', { name: 'API access', level: 1 }).waitFor();
  await page.getByText('No API users yet').waitFor();
  await page.getByRole('link', { name: /Interactive API documentation/ }).waitFor();
  const quickStart = page.getByRole('region', { name: 'Quick start' });
  await quickStart.getByText(`SIGNET='${baseUrl}/api'`, { exact: false }).waitFor();
  await shoot(page, 'api-users-empty');

  const field = page.getByLabel('Username', { exact: false });
  await field.fill('backoffice');
  await page.getByRole('button', { name: 'Create API user' }).click();
  await page.getByText('Start with api- and follow with 3 to 40').waitFor();
  await field.fill(username);
  // Scoped: the webhooks form below has a description field of its own.
  await page
    .getByRole('region', { name: 'Create an API user' })
    .getByLabel('Description', { exact: false })
    .fill('End-to-end test system');
  await page.getByRole('button', { name: 'Create API user' }).click();

  const shown = page.getByRole('region', { name: `The secret of ${username}` });
  const secret = (await shown.getByTestId('api-secret').textContent()) ?? '';
  assert.match(secret, /^[\w-]{43}$/);
  await shown.getByText('It is shown only this once').waitFor();
  const card = page.getByRole('region', { name: username, exact: true });
  await card.getByText('End-to-end test system').waitFor();
  await card.getByText('never used yet', { exact: false }).waitFor();
  await quickStart.getByText(`AUTH='${username}:YOUR_SECRET'`, { exact: false }).waitFor();
  await shoot(page, 'api-users-secret');
  await shown.getByRole('button', { name: 'I have stored it' }).click();
  await shown.waitFor({ state: 'detached' });
  assert.equal(await page.getByText(secret).count(), 0);

  // The system creates a request with a visitor, and finds it in its list.
  const created = await asApiUser(username, secret, '/v3/signature-requests', {
    title: 'Sent by the back office',
    documents: [{ title: 'contract', content: corpusPdf() }],
    signatures: [
      {
        signer_identity_data: { email_address: 'vera@example.ch', first_name: 'Vera', last_name: 'Visitor' },
      },
    ],
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const listed = await asApiUser(username, secret, '/v3/signature-requests');
  assert.equal(listed.status, 200);
  assert.ok(JSON.stringify(listed.body).includes(String(created.body.id)));
  await page.reload();
  await card.getByText('last used on', { exact: false }).waitFor();
  await shoot(page, 'api-users-list');

  await card.getByRole('button', { name: 'Reset secret' }).click();
  await card.getByRole('alertdialog').getByRole('button', { name: 'Reset', exact: true }).click();
  const renewed = (await shown.getByTestId('api-secret').textContent()) ?? '';
  assert.notEqual(renewed, secret);
  assert.equal((await asApiUser(username, secret, '/v3/signature-requests')).status, 401);
  assert.equal((await asApiUser(username, renewed, '/v3/signature-requests')).status, 200);
  await shown.getByRole('button', { name: 'I have stored it' }).click();

  await card.getByRole('button', { name: 'Delete', exact: true }).click();
  await card.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByText(`${username} deleted.`).waitFor();
  await page.getByText('No API users yet').waitFor();
  assert.equal((await asApiUser(username, renewed, '/v3/signature-requests')).status, 401);
});
