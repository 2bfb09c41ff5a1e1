import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createUser, testPassword } from './factories.ts';
import { shoot } from './page-shots.ts';
import { api, mailedLink, uniqueEmail, usePages } from './support.ts';

// Issue 14 (getting a business): a new person signs up with their business, confirms the mailed
// link and lands on the welcome of a business they administer; a signed-in person creates one.

const { pageAs } = usePages();

test('business signup: business, person, mailed link, welcome; the admin sees the business', async () => {
  const page = await pageAs(null);
  const email = uniqueEmail('founder');
  const business = `Founders ${Date.now().toString(36)} AG`;

  // The referral code of the link is kept for the signup (spec §2 ucc).
  await page.goto('/business/signup?ucc=REF-42');
  await page.getByRole('heading', { name: 'Create a business account' }).waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('signet.ucc')), 'REF-42');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('This field is required').first().waitFor();
  await shoot(page, 'business-signup');

  await page.getByLabel('Company name').fill(business);
  await page.getByLabel('Your work e-mail address').fill(email);
  await page.getByLabel('Company phone (optional)').fill('+41 44 123 45 67');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.waitForURL((url) => url.pathname === '/business/signup/steps');
  await page.getByRole('heading', { name: 'Your account' }).waitFor();
  await page.getByText(`You will be the administrator of ${business}. Your login is ${email}.`).waitFor();
  await page.getByLabel('First name').fill('Fiona');
  await page.getByLabel('Last name').fill('Founder');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByText('At least 10 characters, please').waitFor();
  await page.getByLabel('Password', { exact: true }).fill(testPassword);
  await page.getByText('Good password').waitFor();
  await page.getByLabel(/I accept the/).check();
  await shoot(page, 'business-signup-steps');
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/v1/business-signup'));
  await page.getByRole('button', { name: 'Create business account' }).click();
  const body = (await sent).postDataJSON() as {
    celloUCC?: string;
    business: { name: string; phone?: string };
  };
  assert.equal(body.celloUCC, 'REF-42');
  assert.deepEqual(body.business, { name: business, phone: '+41 44 123 45 67' });

  await page.waitForURL((url) => url.pathname === '/business/signup/mail-sent');
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
  await shoot(page, 'business-signup-mail-sent');

  // Nothing exists before the address is confirmed.
  const early = await api('/v1/login', { method: 'POST', body: { email, password: testPassword } });
  assert.equal(early.status, 401);

  const link = new URL(await mailedLink(email, '/business/signup/confirm'));
  await page.goto(link.pathname + link.search);
  await page.waitForURL((url) => url.pathname === '/business/welcome', { timeout: 15_000 });
  await page.getByRole('heading', { name: `Welcome to ${business}` }).waitFor();
  await page.getByText('Your business is in a free trial of the team plan.').waitFor();
  await shoot(page, 'business-welcome');

  // The next steps lead into the business, where its admin finds themselves.
  await page.getByRole('link', { name: 'Invite members' }).click();
  await page.waitForURL((url) => url.pathname === '/business/members');
  await page.getByRole('cell', { name: email }).waitFor();
  const session = await page.evaluate(() => JSON.parse(sessionStorage.getItem('signet.token') ?? '{}'));
  const mine = await api<{ name: string; role: string }>('/v2/businesses/user', { token: session.value });
  assert.deepEqual([mine.body.name, mine.body.role], [business, 'admin']);

  // The upgrade page shows an admin their business's state and the way to billing.
  await page.goto('/business/upgrade');
  await page.getByRole('heading', { name: `Your business ${business}` }).waitFor();
  await page.getByText('Trial', { exact: true }).waitFor();
  await page.getByRole('link', { name: 'Open billing' }).click();

  // Billing: the trial, its end and the seats; choosing a plan leads to the plan chooser.
  await page.waitForURL((url) => url.pathname === '/business/billing');
  await page.getByRole('heading', { name: 'Plan and subscription' }).waitFor();
  await page.getByText(/Your trial ends in \d+ days/).waitFor();
  await page.getByText('1 of 50 in use').waitFor();
  await shoot(page, 'business-billing');
  await page.getByRole('link', { name: 'Choose a plan' }).click();

  // The plans in the language's currency (en-gb: EUR), per month, then per year.
  await page.waitForURL((url) => url.pathname === '/upgrade');
  const plans = page.getByRole('list', { name: 'Plans' });
  await plans.getByRole('heading', { name: 'Team' }).waitFor();
  assert.deepEqual(await plans.getByRole('heading').allTextContents(), [
    'Individual',
    'Team',
    'Pro',
    'Scale',
  ]);
  await plans.getByText('€27.00').waitFor();
  await shoot(page, 'upgrade-plans');
  await page.getByRole('button', { name: 'Yearly' }).click();
  await plans.getByText('€258.00').waitFor();
  assert.equal(await plans.getByText('per seat and year').count(), 4);
  await page.getByRole('link', { name: 'Choose Team' }).click();

  // The choice, as the payment step will start from it.
  await page.waitForURL((url) => url.pathname === '/upgrade' && url.searchParams.get('plan') === 'team');
  assert.equal(new URL(page.url()).searchParams.get('cycle'), 'yearly');
  await page.getByRole('heading', { name: 'Your choice: Team, Yearly' }).waitFor();
  // Two seats included at €258.00 each.
  await page.getByText('€516.00').waitFor();
  await shoot(page, 'upgrade-summary');

  // The link is single use: opened again (signed out), it is no longer valid.
  const again = await pageAs(null);
  await again.goto(link.pathname + link.search);
  await again.getByRole('heading', { name: 'This link is no longer valid' }).waitFor();
});

test('a signed-in person without a business creates one at /business/register', async () => {
  const user = await createUser('Rhea', 'Register');
  const page = await pageAs(user.token);
  await page.goto('/business/upgrade');
  await page.getByRole('heading', { name: 'Signet for businesses' }).waitFor();
  await shoot(page, 'business-upgrade');
  await page.getByRole('link', { name: 'Create a business' }).click();

  await page.waitForURL((url) => url.pathname === '/business/register');
  await page.getByRole('heading', { name: 'Create a business', level: 1 }).waitFor();
  assert.equal(await page.getByLabel('Business e-mail address').inputValue(), user.email);
  await page.getByLabel('Company name').fill('Register Test GmbH');
  await page.getByRole('button', { name: 'Create business' }).click();
  await page.getByText('Please accept the terms and conditions').waitFor();
  await shoot(page, 'business-register');
  await page.getByLabel('I accept the business terms and conditions').check();
  await page.getByRole('button', { name: 'Create business' }).click();

  await page.waitForURL((url) => url.pathname === '/business/welcome');
  await page.getByRole('heading', { name: 'Welcome to Register Test GmbH' }).waitFor();

  // In a business now: the register page is not for them, and says why.
  await page.goto('/business/register');
  await page.waitForURL((url) => url.pathname === '/business/dashboard');
  await page.getByText('Your account belongs to a business already').waitFor();
});
