import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { createBusiness, subscribeToTeam } from './factories.ts';
import { shoot } from './page-shots.ts';
import { usePages } from './support.ts';

// Issue 16 (a business admin manages the subscription): a business on Team with a card (set up
// through the API, as the admin's browser would) adds two seats after seeing the prorated price,
// cancels, sees "cancelling at period end", reactivates, downloads its first invoice's PDF, adds a
// card that needs 3-D Secure on the sandbox's page and a SEPA debit, which becomes the default.
// Variations (seats below the members, invitations beyond the seats, other providers) are the API
// tests' (subscription-usage.test.ts, subscriptions.test.ts).

const { pageAs } = usePages();

test('an admin adds seats, cancels and reactivates, downloads an invoice and adds payment methods', async () => {
  const business = await createBusiness('Billing Test AG', ['Bea', 'Billing']);
  await subscribeToTeam(business, 2);
  const page = await pageAs(business.admin.token);

  await page.goto('/business/billing');
  await page.getByRole('heading', { name: 'Billing', level: 1 }).waitFor();
  await page.getByText('2 purchased').waitFor();
  await page.getByRole('heading', { name: 'Usage this period' }).waitFor();
  await shoot(page, 'billing-overview');

  await page.getByRole('link', { name: 'Plan and seats' }).first().click();
  await page.getByRole('heading', { name: 'Plan and seats', level: 1 }).waitFor();
  await page.getByText('Renews as it is').waitFor();
  await shoot(page, 'billing-plan');

  // Two more seats: the prorated price shows before the confirmation.
  await page.getByRole('button', { name: 'Add seats' }).click();
  // The overlay covers the page (hidden from assistive technology meanwhile): its are the only controls.
  await page.getByRole('heading', { name: 'Add seats', level: 1 }).waitFor();
  await page.getByRole('spinbutton', { name: 'Seats' }).fill('4');
  const preview = page.getByTestId('price-preview');
  await preview.getByText('Charged now (prorated)').waitFor();
  await preview.getByText('Next invoice').waitFor();
  // Two seats for the rest of the month (at most 2 × CHF 29), then four seats at renewal on top.
  const [now, next] = ((await preview.textContent()) ?? '').match(/CHF\s?[\d.,’']+/g) ?? [];
  const amount = (text = '') => Number(text.replace(/[^\d.]/g, ''));
  assert.ok(amount(now) > 0 && amount(now) <= 58, `prorated ${now}`);
  assert.equal(Math.round(amount(next) * 100), Math.round(amount(now) * 100) + 11600);
  await shoot(page, 'billing-add-seats');
  await page.getByRole('button', { name: 'Add seats' }).click();
  await page.getByText('The seats were changed.').waitFor();
  await page.getByText('4 purchased').waitFor();

  // Cancel at period end, then take it back.
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel subscription' });
  await cancel.getByText(/until the end of the paid period/).waitFor();
  await cancel.getByRole('button', { name: 'Cancel subscription' }).click();
  await page.getByText(/is cancelling at period end: it ends on/).waitFor();
  await page.getByText('Cancelled: ends at period end').waitFor();
  await shoot(page, 'billing-cancelling');
  await page.getByRole('button', { name: 'Keep subscription' }).click();
  await page.getByText('Renews as it is').waitFor();
  await page.getByText(/is cancelling at period end: it ends on/).waitFor({ state: 'detached' });

  // The first invoice as a PDF.
  await page.goto('/business/billing/invoices');
  await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
  const rows = page.getByTestId('invoice-row');
  await rows.first().waitFor();
  // The upgrade's invoice; the added seats' prorations wait for the next one (as at Stripe).
  assert.equal(await rows.count(), 1);
  await shoot(page, 'billing-invoices');
  const first = rows.last();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    first.getByRole('link', { name: /^Download PDF of invoice / }).click(),
  ]);
  const pdf = await readFile(await download.path());
  assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');

  // A card that needs 3-D Secure: the bank's (sandbox) page, then back here, added as the default.
  await page.goto('/business/billing/payment');
  await page.getByRole('heading', { name: 'Payment methods', level: 1 }).waitFor();
  const methods = page.getByTestId('payment-method');
  await methods.filter({ hasText: 'Visa ending in 4242' }).getByText('Default', { exact: true }).waitFor();
  await shoot(page, 'billing-payment');
  await page.getByLabel('Card number').fill('4000 0025 0000 3155');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Add and make default' }).click();
  await page.getByRole('heading', { name: 'Confirm your card' }).waitFor();
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await page.getByText('The payment method was added and is now your default.').waitFor();
  assert.equal(new URL(page.url()).search, '', 'the provider’s parameters leave the address');
  await methods.filter({ hasText: 'ending in 3155' }).getByText('Default', { exact: true }).waitFor();

  // A SEPA debit (Germany), which becomes the default.
  await page.getByLabel('Country of the payer').click();
  await page.getByRole('option', { name: 'Germany' }).click();
  await page.getByRole('radio', { name: 'SEPA direct debit' }).check();
  await page.getByLabel('Account holder').fill('Bea Billing');
  await page.getByLabel('E-mail').fill(business.admin.email);
  await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await page.getByRole('button', { name: 'Add and make default' }).click();
  await page.getByText('The payment method was added and is now your default.').waitFor();
  const sepa = methods.filter({ hasText: 'SEPA direct debit DE ending in 3000' });
  await sepa.getByText('Default', { exact: true }).waitFor();
  await methods
    .filter({ hasText: 'ending in 4242' })
    .getByText('Default', { exact: true })
    .waitFor({ state: 'detached' });
  assert.equal(await page.getByText('Default', { exact: true }).count(), 1);
  await shoot(page, 'billing-payment-sepa');
});
