import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createUser } from './factories.ts';
import { shoot } from './page-shots.ts';
import { api, cspViolations, usePages } from './support.ts';

// Issue 16 (an individual becomes a paying business): /upgrade, Team monthly, a test card that needs
// authentication (3-D Secure) completed on the payments sandbox's page, then the business dashboard.

const { pageAs, contexts } = usePages();

test('an individual upgrades to Team with a card that needs authentication and lands on their business', async () => {
  const person = await createUser('Ivo', 'Individual');
  const page = await pageAs(person.token);
  await page.goto('/upgrade');
  const plans = page.getByRole('list', { name: 'Plans' });
  await plans.getByRole('heading', { name: 'Team' }).waitFor();
  await shoot(page, 'billing-upgrade-plans');
  await page.getByRole('link', { name: 'Choose Team' }).click();

  await page.waitForURL((url) => url.searchParams.get('plan') === 'team');
  await page.getByRole('heading', { name: 'Your choice: Team, Monthly' }).waitFor();
  const preview = page.getByRole('region', { name: 'What you pay now' });
  // Two seats of Team at €27.00 (en-gb: EUR), as the provider previews the first invoice.
  await preview.getByText('€54.00').first().waitFor();

  // A promo code that does not exist is refused at once, naming the field.
  await page.getByLabel('Promo code').fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByText('This promo code is unknown. Check how it is written.').waitFor();
  await page.getByLabel('Promo code').fill('');
  await page.getByRole('button', { name: 'Apply' }).click();

  await page.getByRole('button', { name: 'Pay and create my business' }).click();
  await page.getByText('Please accept the terms and conditions').waitFor();
  await page.getByLabel('Name of your business').fill('Individual Upgrade GmbH');
  await page.getByLabel('Card number').fill('4000 0025 0000 3155');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('I accept the business terms and conditions').check();
  await shoot(page, 'billing-upgrade-payment');

  // The card goes to the payments API with the publishable key, never to Signet's API.
  const toProvider = page.waitForRequest((request) => request.url().endsWith('/v1/payment_methods'));
  await page.getByRole('button', { name: 'Pay and create my business' }).click();
  const sent = await toProvider;
  assert.match(sent.headers()['authorization'] ?? '', /^Bearer pk_test_/);

  // The sandbox's authentication page (3-D Secure), completed there.
  await page.waitForURL((url) => url.pathname.includes('/sandbox/payments/pages/authenticate/'));
  await page.getByRole('heading', { name: 'Confirm your card' }).waitFor();
  await page.screenshot({
    path: new URL('./screenshots/billing-upgrade-authenticate-1280.png', import.meta.url).pathname,
  });
  await page.getByRole('button', { name: 'Complete authentication' }).click();

  // Back on /upgrade, which finishes and leads into the new business.
  await page.waitForURL((url) => url.pathname === '/business/dashboard', { timeout: 30_000 });
  await page.getByRole('heading', { name: 'Business dashboard', level: 1 }).waitFor();
  // The two seats bought, one of them the new admin's.
  await page.getByRole('region', { name: 'Seats used' }).getByText('1 of 2').waitFor();
  await shoot(page, 'billing-upgrade-dashboard');

  const mine = await api<{ name: string; role: string; billing: { paymentMethod: string } }>(
    '/v2/businesses/user',
    { token: person.token },
  );
  assert.deepEqual(
    [mine.body.name, mine.body.role, mine.body.billing.paymentMethod],
    ['Individual Upgrade GmbH', 'admin', 'STRIPE'],
  );
  for (const context of contexts) assert.deepEqual(cspViolations(context), []);
});
