import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SetupIntent } from '@signet/contracts/billing';
import { initEnglishTexts, jsonResponse } from '../../../test-support.ts';
import { renderRoutes } from '../../../test-render.tsx';
import en from '../locales/en-gb.json';
import { AddPaymentMethod } from './add-payment-method.tsx';
import { pendingCountryKey } from '../hooks/use-return-from-authentication.ts';

// The payment page's add form after the issuer's 3-D Secure page sent the browser back: the one
// message about adding is the form's, and a SEPA debit added next replaces it rather than joining it.

const added = 'The payment method was added and is now your default.';
const providerApi = 'https://payments.example.test';
const intent = (id: string, status: string): SetupIntent => ({
  id,
  status,
  clientSecret: `${id}_secret`,
  publishableKey: 'pk_test',
  apiUrl: providerApi,
  paymentMethodTypes: ['card', 'sepa_debit'],
  nextActionUrl: null,
  paymentMethodId: status === 'succeeded' ? 'pm_1' : null,
});

beforeAll(() => initEnglishTexts({ billing: en }));
afterEach(() => vi.unstubAllGlobals());

/** Signet's and the provider's answers by method and path; the 3-D Secure intent as `returned` says. */
function stubApi(returned: string) {
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url.replace(/^\/api/, '').replace(providerApi, 'provider:')}`;
    const answers: Record<string, unknown> = {
      'POST /v1/businesses/b1/billing/setup-intent/seti_3ds': { setupIntent: intent('seti_3ds', returned) },
      'POST /v1/businesses/b1/billing/setup-intent': {
        setupIntent: intent('seti_sepa', 'requires_payment_method'),
      },
      'POST provider:/v1/payment_methods': { id: 'pm_sepa' },
      'POST provider:/v1/setup_intents/seti_sepa/confirm': { status: 'succeeded', next_action: null },
      'POST /v1/businesses/b1/billing/setup-intent/seti_sepa': {
        setupIntent: intent('seti_sepa', 'succeeded'),
      },
    };
    if (!(key in answers)) return Promise.reject(new Error(`unexpected call ${key}`));
    return Promise.resolve(jsonResponse(answers[key]));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderReturn() {
  sessionStorage.setItem(pendingCountryKey, 'CH');
  return renderRoutes(
    { '/business/billing/payment': () => <AddPaymentMethod businessId="b1" /> },
    '/business/billing/payment?setup_intent=seti_3ds',
  );
}

const change = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

describe('AddPaymentMethod back from 3-D Secure', { timeout: 20_000 }, () => {
  it('says once that the method was added, and once again after a SEPA debit is added next', async () => {
    const fetch = stubApi('succeeded');
    const router = renderReturn();
    expect((await screen.findByRole('status')).textContent).toBe(added);
    expect(screen.getAllByText(added)).toHaveLength(1);
    // The provider's parameter left the address, so a reload does not finish the intent twice.
    expect(router.state.location.search).toEqual({});
    const finish = fetch.mock.calls.find(([url]) => url.endsWith('/setup-intent/seti_3ds'))!;
    expect(JSON.parse(String(finish[1]?.body))).toEqual({ country: 'CH' });

    fireEvent.click(screen.getByRole('radio', { name: 'SEPA direct debit' }));
    change(/Account holder/, 'Ada Lovelace');
    change(/E-mail/, 'ada@example.com');
    change(/IBAN/, 'CH93 0076 2011 6238 5295 7');
    fireEvent.click(screen.getByRole('button', { name: 'Add and make default' }));
    // The add that starts clears the message of the one before.
    expect(screen.queryByText(added)).toBeNull();
    await vi.waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => url.endsWith('/setup-intent/seti_sepa'))).toBe(true),
    );
    expect((await screen.findByRole('status')).textContent).toBe(added);
    expect(screen.getAllByText(added)).toHaveLength(1);
  });

  it('says in the same place when the bank did not confirm the method', async () => {
    stubApi('requires_payment_method');
    renderReturn();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The bank did not confirm the payment method. Nothing was added; please try again.',
    );
    expect(screen.queryByText(added)).toBeNull();
  });
});
