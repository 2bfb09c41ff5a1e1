import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createBusiness, createUser, inviteAndAccept } from './factories.ts';
import { shoot } from './page-shots.ts';
import { api, pathOf, usePages } from './support.ts';

// Issue 14 (deleting a business): the admin schedules the deletion on the members page, revokes it,
// schedules it again; the job carries it out (its grace period ended through the test-only call),
// and a member sees the spec §4 downgrade dialog, accepts the terms and lands on /billing. The
// variations (permissions, dates, what goes and what stays) are the API tests' (business-deletion.test.ts).

const { pageAs } = usePages();

test('an admin deletes the business; its member continues with a personal account', async () => {
  const business = await createBusiness('Deletion Test AG', ['Dora', 'Admin']);
  const member = await createUser('Mia', 'Member');
  await inviteAndAccept(business, member);
  const page = await pageAs(business.admin.token);

  await page.goto('/business/members');
  await page.getByRole('heading', { name: 'Members', level: 1 }).waitFor();
  await page.getByText('2 of 50 seats used').waitFor();
  const card = page.getByRole('region', { name: 'Delete the business' });
  const schedule = async () => {
    await card.getByRole('button', { name: 'Delete business…' }).click();
    const confirm = card.getByRole('alertdialog', { name: 'Delete this business after the grace period?' });
    await confirm.getByRole('button', { name: 'Delete business' }).click();
    await page.getByText('The business will be deleted after the grace period.').waitFor();
    await card.getByText(/This business will be deleted on .+\. Until then you can keep it\./).waitFor();
  };

  // Keeping it at the question changes nothing.
  await card.getByRole('button', { name: 'Delete business…' }).click();
  await card.getByRole('button', { name: 'Keep', exact: true }).click();
  await card.getByRole('button', { name: 'Delete business…' }).waitFor();

  await schedule();
  await shoot(page, 'business-deletion-scheduled');
  await card.getByRole('button', { name: 'Keep the business' }).click();
  await page.getByText('The business will not be deleted.').waitFor();
  await card.getByRole('button', { name: 'Delete business…' }).waitFor();
  const kept = await api<{ deletion: unknown }>(`/v2/businesses/${business.id}/lifecycle`, {
    token: business.admin.token,
  });
  assert.equal(kept.body.deletion, null);
  await schedule();

  // The grace period ends; the job runner carries the deletion out.
  const due = await api(`/test/businesses/${business.id}/deletion-due`, { method: 'POST' });
  assert.equal(due.status, 204);
  for (let tries = 0; ; tries++) {
    const membership = await api('/v2/businesses/user', { token: member.token });
    if (membership.status === 404) break;
    assert.ok(tries < 40, 'the deletion job did not run');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  const memberPage = await pageAs(member.token);
  await memberPage.goto('/dashboard');
  const dialog = memberPage.getByRole('dialog', { name: 'Your business account ended' });
  await dialog.waitFor();
  await shoot(memberPage, 'business-deletion-downgraded');
  await dialog.getByRole('button', { name: 'Accept and continue' }).click();
  await memberPage.waitForURL((url) => url.pathname === '/billing');
  // The flags are cleared: elsewhere the dialog does not come back.
  await memberPage.goto('/dashboard');
  await memberPage.getByRole('heading', { level: 1 }).waitFor();
  assert.equal(pathOf(memberPage), '/dashboard');
  assert.equal(await memberPage.getByRole('dialog').count(), 0);
  const user = await api<{ attributes: Record<string, boolean> }>('/v1/user', { token: member.token });
  assert.equal(user.body.attributes['business_deleted'], false);
});
