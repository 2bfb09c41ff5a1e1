import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BusinessLifecycle } from '@signet/contracts/business-lifecycle';
import enGb from '../../locales/en-gb.json';
import { initEnglishTexts, jsonResponse } from '../../../../test-support.ts';
import { useLifecycle } from '../../api/lifecycle.ts';
import { BusinessDeletionCard } from './business-deletion-card.tsx';
import { InviteForm } from './invite-form.tsx';

// The members page's lifecycle parts: the deletion card and the seats beside the invite form.

const businessId = 'b1';
const state: BusinessLifecycle = {
  paymentMethod: 'TRIALING',
  billingStatus: 'trialing',
  billing: null,
  base: { current: { type: 'TRIAL', startAt: null, endAt: null }, next: null },
  seats: { used: 4, limit: 5 },
  deletion: null,
};
const scheduled = {
  ...state,
  deletion: { requestedAt: '2030-01-01T10:00:00Z', dueAt: '2030-01-15T10:00:00Z' },
};

beforeAll(() => initEnglishTexts({ business: enGb }));
afterEach(() => vi.unstubAllGlobals());

/** Answers by method and path end: `'DELETE /v2/businesses/b1'`; anything else with the state. */
function stubApi(answers: Record<string, () => Response>) {
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url.replace(/^\/api/, '')}`;
    return Promise.resolve(answers[key]?.() ?? jsonResponse(state));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderWithQueries(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
}

/** The card as the members page shows it: with the deletion the lifecycle call reads. */
function DeletionCardOfBusiness() {
  const lifecycle = useLifecycle(businessId);
  return lifecycle.data ? (
    <BusinessDeletionCard businessId={businessId} deletion={lifecycle.data.deletion} />
  ) : null;
}

describe('BusinessDeletionCard', () => {
  it('asks first, then shows the date of the scheduled deletion and keeps the business on request', async () => {
    const fetch = stubApi({
      'DELETE /v2/businesses/b1': () => jsonResponse(scheduled),
      'POST /v2/businesses/b1/revoke_delete': () => jsonResponse(state),
    });
    renderWithQueries(<DeletionCardOfBusiness />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete business…' }));
    const question = screen.getByRole('alertdialog', {
      name: 'Delete this business after the grace period?',
    });
    fireEvent.click(within(question).getByRole('button', { name: 'Delete business' }));
    await screen.findByText(/This business will be deleted on 15 Jan 2030/);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Keep the business' }));
    await screen.findByRole('button', { name: 'Delete business…' });
    expect(screen.queryByText(/will be deleted on/)).toBeNull();
  });

  it('says why a call was refused', async () => {
    stubApi({
      'DELETE /v2/businesses/b1': () =>
        jsonResponse(
          { statusCode: 409, code: 'BUSINESS_DELETION_SCHEDULED', message: 'scheduled already' },
          409,
        ),
    });
    renderWithQueries(<DeletionCardOfBusiness />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete business…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete business' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The deletion of this business is scheduled already.',
    );
  });
});

describe('InviteForm seats', () => {
  it('shows the seats used, and the seats left when invitations do not fit', async () => {
    stubApi({
      'POST /v1/businesses/b1/members': () =>
        jsonResponse(
          {
            statusCode: 409,
            code: 'SEATS_EXHAUSTED',
            message: 'not enough',
            field: 'users',
            details: { field: 'users', seatsLeft: 1 },
          },
          409,
        ),
    });
    renderWithQueries(<InviteForm businessId={businessId} seats={state.seats} />);
    expect(screen.getByText('4 of 5 seats used')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: '4 of 5 seats used' }).getAttribute('aria-valuenow')).toBe(
      '80',
    );
    fireEvent.change(screen.getByLabelText('E-mail addresses'), {
      target: { value: 'a@example.ch, b@example.ch' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send 2 invitations' }));
    await screen.findByText('Not enough free seats: 1 left. Revoke invitations or remove members first.');
  });
});
