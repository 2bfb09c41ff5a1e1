import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { createBusiness } from './factories.ts';
import { startLoopbackDns } from './loopback-dns.ts';
import { shoot } from './page-shots.ts';
import { api, baseUrl, pathOf, usePages } from './support.ts';

// Issue 15 (single sign-on): an admin sets up the business's OpenID Connect provider (the sandbox
// company directory, a real `oidc-provider` on loopback) for its verified domain; a person of that
// domain types their address on the login page, is sent to the provider, logs in there, completes
// their first login on /signup/sso and lands on the dashboard as a member of the business.

const { pageAs } = usePages();
const dns = await startLoopbackDns();
after(() => dns.close());

test('a person of a verified domain logs in through the company provider and lands as a member', async () => {
  const business = await createBusiness('Single Sign-on AG', ['Sina', 'Sso']);
  const token = business.admin.token;
  const domain = `sso${Date.now()}.example.ch`;
  const claim = await api<{ txtRecord: { name: string; value: string } }>(
    `/v1/businesses/${business.id}/domains`,
    { method: 'POST', token, body: { domain } },
  );
  dns.zone.set(claim.body.txtRecord.name, [claim.body.txtRecord.value]);
  const verified = await api(`/v1/businesses/${business.id}/domains/${domain}/verify`, {
    method: 'POST',
    token,
  });
  assert.equal(verified.status, 200);

  // The admin registers Signet at the directory with the redirect URI the page shows.
  const admin = await pageAs(token);
  await admin.goto('/business/members/domains');
  const card = admin.getByRole('region', { name: 'Single sign-on' });
  await card.getByTestId('sso-status').getByText('Not set up').waitFor();
  const redirectUri = await card.locator('dd code').first().textContent();
  assert.equal(redirectUri, `${baseUrl}/api/v1/sso/callback`);
  const registered = await fetch(`${baseUrl}/sandbox/directory/reg`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ redirect_uris: [redirectUri], client_name: 'Signet' }),
  });
  const client = (await registered.json()) as { client_id: string; client_secret: string };

  await card.getByLabel('Issuer URL').fill(`${baseUrl}/sandbox/nowhere`);
  await card.getByLabel('Client ID').fill(client.client_id);
  await card.getByLabel('Client secret').fill(client.client_secret);
  await card.getByRole('button', { name: 'Check and save' }).click();
  await card.getByText(/could not read an OpenID Connect discovery document/).waitFor();
  await card.getByLabel('Issuer URL').fill(`${baseUrl}/sandbox/directory`);
  await card.getByRole('button', { name: 'Check and save' }).click();
  await card.getByText(`Signet read the settings of ${baseUrl}/sandbox/directory`).waitFor();
  await card.getByTestId('sso-status').getByText('On').waitFor();
  await shoot(admin, 'sso-settings');

  // A colleague logs in: the login page sends them to the company's provider.
  const page = await pageAs(null);
  await page.goto('/login');
  const email = `ada@${domain}`;
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('E-mail address').blur();
  await page.getByText('Your company signs you in to Signet with its own login.').waitFor();
  await shoot(page, 'sso-login');
  await page.getByRole('button', { name: 'Continue with single sign-on' }).click();

  await page.getByRole('heading', { name: /Company directory/ }).waitFor();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Given name').fill('Ada');
  await page.getByLabel('Family name').fill('Lovelace');
  await page.getByRole('button', { name: 'Log in' }).click();

  // The first login asks for the terms (the names came from the provider).
  await page.waitForURL('**/signup/sso');
  await page.getByRole('heading', { name: 'Finish your single sign-on setup' }).waitFor();
  assert.equal(await page.getByLabel('First name').inputValue(), 'Ada');
  await shoot(page, 'sso-signup');
  await page.getByRole('button', { name: 'Start using Signet' }).click();
  await page.getByText('Please accept the terms and conditions').waitFor();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Start using Signet' }).click();
  await page.waitForURL('**/dashboard**');
  assert.equal(pathOf(page), '/dashboard');

  const members = await api<{ members: { email: string; role: string }[] }>(
    `/v1/businesses/${business.id}/members`,
    { token },
  );
  assert.ok(members.body.members.some((m) => m.email === email && m.role === 'member'));
});

test('the single sign-on error pages say what happened and what to do', async () => {
  const page = await pageAs(null);
  await page.goto('/sso/error?reason=state');
  await page.getByRole('heading', { name: 'Single sign-on failed' }).waitFor();
  await page.getByText('was started in another browser or tab').waitFor();
  await shoot(page, 'sso-error');
  await page.goto('/sso/error/company');
  await page.getByRole('heading', { name: 'This address is not one of your company’s' }).waitFor();
  await shoot(page, 'sso-error-company');
});
