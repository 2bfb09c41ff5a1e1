import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { createBusiness, createUser } from './factories.ts';
import { shoot } from './page-shots.ts';
import { startLoopbackDns } from './loopback-dns.ts';
import { api, usePages } from './support.ts';

// Issue 14 (domains): an admin adds the business's domain, publishes the TXT record the page shows
// on a real DNS server on loopback, and has Signet verify it; the business then counts the domain,
// and a person who signs up with an address there is offered to join it.

const { pageAs } = usePages();
const dns = await startLoopbackDns();
after(() => dns.close());

test('an admin adds a domain, publishes its TXT record and verifies it; a colleague at that domain joins', async () => {
  const business = await createBusiness('Domain Test AG', ['Dora', 'Domain']);
  const page = await pageAs(business.admin.token);
  const domain = `d${Date.now()}.example.ch`;

  await page.goto('/business/members/domains');
  await page.getByRole('heading', { name: 'Domains', level: 1 }).waitFor();
  await page.getByText('No domains yet').waitFor();
  await shoot(page, 'domains-empty');

  const field = page.getByLabel('Domain', { exact: true });
  await field.fill('not a domain');
  await page.getByRole('button', { name: 'Add domain' }).click();
  await page.getByText(/Enter a host name such as example.com/).waitFor();
  await field.fill(domain.toUpperCase());
  await page.getByRole('button', { name: 'Add domain' }).click();

  const card = page.getByRole('region', { name: domain });
  await card.getByTestId('domain-status').getByText('Waiting for DNS record').waitFor();
  const name = await card.locator('dd code').nth(1).textContent();
  const value = await card.locator('dd code').nth(2).textContent();
  assert.equal(name, `_signet-verification.${domain}`);
  assert.match(value ?? '', /^signet-domain-verification=/);

  // Checked before the record is published: the page says so and how to go on.
  await card.getByRole('button', { name: 'Check now' }).click();
  await card
    .getByRole('alert')
    .getByText(/There is no TXT record at/)
    .waitFor();
  await shoot(page, 'domains-pending');

  dns.zone.set(name!, ['v=spf1 -all', value!]);
  await card.getByRole('button', { name: 'Check now' }).click();
  await card.getByTestId('domain-status').getByText('Verified').waitFor();
  await shoot(page, 'domains-verified');

  const seen = await api<{ domains: string[] }>(`/v1/businesses/${business.id}`, {
    token: business.admin.token,
  });
  assert.deepEqual(seen.body.domains, [domain]);

  // Somebody who signs up with an address there is offered to join, on their dashboard.
  const colleague = await createUser('Cleo', 'Colleague', `cleo@${domain}`);
  const theirs = await pageAs(colleague.token);
  await theirs.goto('/dashboard');
  const offer = theirs.getByTestId('domain-offer');
  await offer
    .getByText(`Your e-mail address is at ${domain}, a domain of Domain Test AG`, { exact: false })
    .waitFor();
  await shoot(theirs, 'domains-offer');
  await offer.getByRole('button', { name: 'Join Domain Test AG' }).click();
  await theirs.getByText('You joined Domain Test AG.').waitFor();
  await offer.waitFor({ state: 'detached' });
  const members = await api<{ members: { email: string }[] }>(`/v1/businesses/${business.id}/members`, {
    token: business.admin.token,
  });
  assert.ok(members.body.members.some((m) => m.email === `cleo@${domain}`));

  await card.getByRole('button', { name: 'Remove domain' }).click();
  await card.getByRole('alertdialog').getByRole('button', { name: 'Remove', exact: true }).click();
  await page.getByText('No domains yet').waitFor();
});
