import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BusinessMember, Seal } from '@signet/contracts/businesses';
import shell from '../../../locales/en-gb.json';
import { jsonResponse } from '../../../test-support.ts';
import enGb from '../locales/en-gb.json';
import { SealMembersCard } from './seal-members-card.tsx';

const businessId = '0b6f8c1e-5d1c-4a53-9a52-0d2f4b1f9a10';
const person = (id: string, firstName: string, role: BusinessMember['role'] = 'member'): BusinessMember => ({
  id,
  email: `${firstName.toLowerCase()}@acme.ch`,
  firstName,
  lastName: 'Test',
  role,
  joinedAt: '2026-01-01T00:00:00.000Z',
});
const max = person('11111111-1111-4111-8111-111111111111', 'Max');
const sina = person('22222222-2222-4222-8222-222222222222', 'Sina');
const lou = person('33333333-3333-4333-8333-333333333333', 'Lou');
const alma = person('44444444-4444-4444-8444-444444444444', 'Alma', 'admin');

const robot = {
  userId: '55555555-5555-4555-8555-555555555555',
  username: 'api-backoffice',
  description: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  lastUsedAt: null,
};

const sealWith = (members: BusinessMember[], apiUsers: Array<typeof robot> = []): Seal => ({
  accountName: 'acme-invoices',
  displayName: 'Acme Invoices',
  nApi: apiUsers.length,
  nMembers: members.length,
  hasImage: false,
  canUse: true,
  members,
  apiUsers: apiUsers.map(({ userId, username }) => ({ userId, username })),
  createdAt: '2026-01-01T00:00:00.000Z',
});

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en-gb',
    lowerCaseLng: true,
    resources: { 'en-gb': { 'business-seals': enGb, translation: shell } },
    react: { useSuspense: false },
  });
});
afterEach(() => vi.unstubAllGlobals());

/** The business's people for GET .../members and its API users; the seal calls answer as `seal` says. */
function stubApi(seal: (init: RequestInit) => Response) {
  const fetch = vi.fn((url: string, init: RequestInit = {}) =>
    Promise.resolve(
      url.endsWith('/seals/acme-invoices/members')
        ? seal(init)
        : url.endsWith('/apis')
          ? jsonResponse({ apiUsers: [robot] })
          : jsonResponse({ members: [alma, max, sina, lou] }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderCard(seal: Seal) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SealMembersCard businessId={businessId} seal={seal} />
    </QueryClientProvider>,
  );
}

const sealCalls = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls
    .filter(([url]) => url.endsWith('/members') && url.includes('/seals/'))
    .map(([, init]) => ({ method: init?.method, body: JSON.parse(String(init?.body)) as unknown }));

describe('SealMembersCard', () => {
  it('removes the selected members in one call, after a confirmation', async () => {
    const fetch = stubApi(() => jsonResponse(sealWith([lou])));
    renderCard(sealWith([max, sina, lou]));
    const table = screen.getByRole('table', { name: 'Members allowed to use this seal' });
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select Max Test' }));
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select Sina Test' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove selected' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Stop 2 members using this seal?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() =>
      expect(sealCalls(fetch)).toEqual([{ method: 'DELETE', body: { user_ids: [max.id, sina.id] } }]),
    );
  });

  it('keeps the confirmation open with the reason when the removal is refused', async () => {
    stubApi(() =>
      jsonResponse({ statusCode: 400, code: 'NOT_A_MEMBER', message: 'Not allowed', field: 'user_ids' }, 400),
    );
    renderCard(sealWith([max]));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove selected' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Stop 1 member using this seal?' });
    await within(confirm).findByText(/Somebody selected is no longer in the business or on this seal/);
  });

  it('offers the members and API users not on the seal yet (admins may always seal) and allows the chosen ones', async () => {
    const fetch = stubApi(() => jsonResponse(sealWith([max, sina], [robot])));
    renderCard(sealWith([max]));
    expect(screen.getByRole('button', { name: 'Allow' }).hasAttribute('disabled')).toBe(true);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Members to allow' }));
    await screen.findByRole('option', { name: 'api-backoffice (API user)' });
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Sina Test (sina@acme.ch)',
      'Lou Test (lou@acme.ch)',
      'api-backoffice (API user)',
    ]);
    fireEvent.click(options[0]!);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Members to allow' }));
    fireEvent.click(await screen.findByRole('option', { name: 'api-backoffice (API user)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Allow' }));
    await vi.waitFor(() =>
      expect(sealCalls(fetch)).toEqual([{ method: 'POST', body: { user_ids: [sina.id, robot.userId] } }]),
    );
  });

  it('lists the API users on the seal beside the members, and removes them alike', async () => {
    const fetch = stubApi(() => jsonResponse(sealWith([max])));
    renderCard(sealWith([max], [robot]));
    const table = screen.getByRole('table', { name: 'Members allowed to use this seal' });
    const row = within(table).getByRole('row', { name: /api-backoffice/ });
    expect(within(row).getByText('API user')).toBeTruthy();
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select api-backoffice' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove selected' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() =>
      expect(sealCalls(fetch)).toEqual([{ method: 'DELETE', body: { user_ids: [robot.userId] } }]),
    );
  });

  it('says when only admins may use the seal', () => {
    stubApi(() => jsonResponse(sealWith([])));
    renderCard(sealWith([]));
    expect(screen.getByText('No members may use this seal yet; only admins can.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
