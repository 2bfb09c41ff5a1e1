import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createBusiness, createUser, invitationSecret } from './factories.ts';
import { shoot } from './page-shots.ts';
import { api, uniqueEmail, usePages } from './support.ts';

// Issue 14 (members): an admin invites two people at once (one with an account, one without),
// one accepts from the mail; the admin makes them an administrator, then removes them, and revokes
// the invitation nobody answered. Role and membership rules are the API tests' (businesses.test.ts).

const { pageAs } = usePages();

test('an admin invites people, promotes and removes a member, and revokes an invitation', async () => {
  const business = await createBusiness('Members Test AG', ['Mara', 'Admin']);
  const colleague = await createUser('Cora', 'Colleague');
  const newcomer = uniqueEmail('newcomer');
  const page = await pageAs(business.admin.token);

  await page.goto('/business/members');
  await page.getByRole('heading', { name: 'Members', level: 1 }).waitFor();
  await page.getByRole('heading', { name: '1 person' }).waitFor();
  await page.getByText('No invitations are waiting for an answer.').waitFor();

  await page.getByLabel('E-mail addresses').fill(`${colleague.email}, nonsense`);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await page.getByText('These are not e-mail addresses: nonsense').waitFor();
  await page.getByLabel('E-mail addresses').fill(`${colleague.email}\n${newcomer}`);
  await page.getByRole('button', { name: 'Send 2 invitations' }).click();
  await page.getByText('2 invitations sent.').waitFor();
  await page.getByRole('heading', { name: '2 open invitations' }).waitFor();
  await shoot(page, 'members-invited');

  // The colleague accepts from the mailed link; the admin's page shows them once read again.
  const secret = await invitationSecret(colleague.email);
  const accepted = await api(`/v1/business-invitations/${secret}/accept`, {
    method: 'POST',
    token: colleague.token,
  });
  assert.equal(accepted.status, 200);
  await page.reload();
  await page.getByRole('heading', { name: '2 people' }).waitFor();
  await page.getByRole('heading', { name: '1 open invitation' }).waitFor();

  const row = page.getByRole('row').filter({ hasText: colleague.email });
  await row.getByRole('checkbox', { name: 'Select Cora Colleague' }).check();
  await page.getByRole('toolbar').getByRole('button', { name: 'Make administrators' }).click();
  await page.getByText('1 person is now an administrator.').waitFor();
  await row.getByText('Administrator').waitFor();

  // Search narrows the list; removing goes through the spec's "remove members" dialog.
  await page.getByLabel('Search by name or e-mail').fill('cora');
  await page.getByRole('row').filter({ hasText: business.admin.email }).waitFor({ state: 'detached' });
  await row.getByRole('checkbox', { name: 'Select Cora Colleague' }).check();
  await shoot(page, 'members-selected');
  await page.getByRole('toolbar').getByRole('button', { name: 'Remove from business' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove members' });
  await dialog.getByText('Cora Colleague').waitFor();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await page.getByText('1 person removed from the business.').waitFor();
  await page.getByText('Nobody matches this search.').waitFor();

  await page.getByRole('button', { name: `Revoke the invitation to ${newcomer}` }).click();
  await page.getByText('No invitations are waiting for an answer.').waitFor();
  const members = await api<{ members: { email: string }[] }>(`/v1/businesses/${business.id}/members`, {
    token: business.admin.token,
  });
  assert.deepEqual(
    members.body.members.map((m) => m.email),
    [business.admin.email],
  );
});
