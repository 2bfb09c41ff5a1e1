import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BillingInformation, UpgradeResult } from '@signet/contracts/billing';
import { addCard, createBusiness, createUser, inviteAndAccept } from './factories.ts';
import { shoot } from './page-shots.ts';
import { api, baseUrl, loginThroughUi, newContext, settled, signedInPage, useBrowser } from './support.ts';

// Issue 16: with the payments sandbox's clock moved past a trial's end and the billing job run, the
// admin is kept to the members page and a member sees the locked dialog (spec §4); once the admin
// has paid, both are let back in.

const browser = useBrowser();

/** The payments sandbox's clock (Unix seconds), moved on by `seconds` first when given. */
async function sandboxClock(seconds?: number): Promise<number> {
  const response = await fetch(`${baseUrl}/sandbox/payments/test/clock${seconds ? '/advance' : ''}`, {
    method: seconds ? 'POST' : 'GET',
    headers: seconds ? { 'content-type': 'application/json' } : {},
    body: seconds ? JSON.stringify({ seconds }) : undefined,
  });
  assert.equal(response.status, 200);
  return ((await response.json()) as { now: number }).now;
}

test('past the trial end the admin is kept to the members page and a member is locked out; paying lets both back in', async () => {
  const business = await createBusiness('Trial Ends AG', ['Tara', 'Trial']);
  const token = business.admin.token;
  const member = await createUser('Mia', 'Member');
  await inviteAndAccept(business, member);

  const information = await api<BillingInformation>(`/v1/businesses/${business.id}/billing/information`, {
    token,
  });
  const trialEnd = Date.parse(information.body.trial?.endAt ?? '') / 1000;
  assert.ok(Number.isFinite(trialEnd), JSON.stringify(information.body));
  const now = await sandboxClock(Math.max(1, Math.ceil(trialEnd - (await sandboxClock())) + 60));
  const swept = await api<{ trialsEnded: string[] }>('/test/jobs/billing-rules', {
    method: 'POST',
    body: { asOf: new Date(now * 1000).toISOString() },
  });
  assert.ok(swept.body.trialsEnded.includes(business.id), JSON.stringify(swept.body));

  const adminContext = await newContext(browser());
  const admin = { context: adminContext, page: await adminContext.newPage() };
  await admin.page.goto('/login');
  await loginThroughUi(admin.page, business.admin.email, business.admin.password, '/business/members');
  await admin.page.goto('/profile');
  await admin.page.waitForURL((url) => url.pathname === '/business/members');
  await settled(admin.page);
  await shoot(admin.page, 'billing-trial-ended-admin');

  const locked = await signedInPage(browser(), member);
  const dialog = locked.page.getByRole('dialog', { name: 'Your business account is locked' });
  await dialog.waitFor();
  await shoot(locked.page, 'billing-trial-ended-member');

  // The admin adds a card and chooses a plan (the calls the upgrade page makes).
  const intent = await addCard(business);
  const upgraded = await api<UpgradeResult>(`/v2/businesses/${business.id}/subscriptions/upgrade`, {
    method: 'PUT',
    token,
    body: { plan: 'team', cycle: 'monthly', currency: 'CHF', seats: 2, setupIntentId: intent.id },
  });
  assert.equal(upgraded.status, 200, JSON.stringify(upgraded.body));
  assert.equal(upgraded.body.billing.paymentMethod, 'STRIPE');

  // Both are let back in at once: the upgrade's answer already holds the paying state.
  await admin.page.goto('/profile');
  await settled(admin.page);
  assert.equal(new URL(admin.page.url()).pathname, '/profile');
  await locked.page.goto('/dashboard');
  await settled(locked.page);
  assert.equal(new URL(locked.page.url()).pathname, '/dashboard');
  assert.equal(await locked.page.getByRole('dialog', { name: 'Your business account is locked' }).count(), 0);
  await admin.context.close();
  await locked.context.close();
});
