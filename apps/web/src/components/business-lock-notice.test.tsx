import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultBusinessSettings, type UserBusiness } from '@signet/contracts/businesses';
import { userBusinessQueryOptions } from '../lib/api/get-user-business.ts';
import { initEnglishTexts, jsonResponse } from '../test-support.ts';
import { renderRoutes } from '../test-render.tsx';
import { BusinessLockNotice } from './business-lock-notice.tsx';

// What the admin of a locked business reads on the pages the lock leaves open (spec §4).

const business = (paymentMethod: string | null, role: 'admin' | 'member' = 'admin'): UserBusiness => ({
  id: 'b1',
  name: 'Acme AG',
  role,
  billing: { paymentMethod },
  pricePlan: { name: 'team' },
  settings: defaultBusinessSettings,
  planStart: null,
});

beforeAll(() => initEnglishTexts({}));
afterEach(() => vi.unstubAllGlobals());

/** GET /v2/businesses/user answers `answer`; the portal call answers `portal`. */
function stubApi(
  answer: UserBusiness,
  portal = () => jsonResponse({ url: 'https://billing.example.test/p/1' }),
) {
  const fetch = vi.fn((url: string) =>
    Promise.resolve(url.includes('/stripe/cpsession') ? portal() : jsonResponse(answer)),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The members page's top as the lock leaves it: the notice, and a mark once the business is known. */
function renderMembersTop() {
  const Loaded = () => (useQuery(userBusinessQueryOptions).data ? <p>business known</p> : null);
  renderRoutes(
    {
      '/business/members': () => (
        <>
          <BusinessLockNotice />
          <Loaded />
        </>
      ),
    },
    '/business/members',
  );
}

describe('BusinessLockNotice', { timeout: 20_000 }, () => {
  it('tells the admin of a BLOCKED business that a failed payment locked it, and opens the portal to pay', async () => {
    const fetch = stubApi(business('BLOCKED'));
    const assign = vi.fn();
    vi.stubGlobal('location', { origin: 'https://app.example.test', assign });
    renderMembersTop();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your business is locked')).toBeTruthy();
    expect(alert.textContent).toContain('A payment failed and stayed unpaid after the grace period');
    expect(alert.textContent).toContain('Pay the open invoice or update your payment method');

    fireEvent.click(within(alert).getByRole('button', { name: 'Pay or update payment method' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.example.test/p/1'));
    const [url] = fetch.mock.calls.find(([called]) => called.includes('/stripe/cpsession'))!;
    const called = new URL(url, 'https://app.example.test');
    expect(called.pathname).toBe('/api/v2/businesses/b1/stripe/cpsession');
    // The portal brings the admin back to the page the lock leaves open.
    expect(called.searchParams.get('redirectUrl')).toBe('https://app.example.test/business/members');
  });

  it('says so in the alert when the portal cannot be opened', async () => {
    stubApi(business('BLOCKED'), () =>
      jsonResponse({ statusCode: 409, code: 'NO_SUBSCRIPTION', message: 'no customer' }, 409),
    );
    renderMembersTop();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay or update payment method' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'The payment provider’s portal could not be opened.',
      ),
    );
  });

  it('tells the admin of a business whose trial is over to choose a plan', async () => {
    stubApi(business('NEEDS_PAYMENT_METHOD'));
    renderMembersTop();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your trial is over')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/upgrade');
  });

  for (const [label, answer] of [
    ['a paying business', business('STRIPE')],
    ['a trial', business('TRIALING')],
    ['a business without a payment method yet', business(null)],
    ['a member of a BLOCKED business (the locked dialog is theirs)', business('BLOCKED', 'member')],
  ] as const)
    it(`shows nothing for ${label}`, async () => {
      stubApi(answer);
      renderMembersTop();
      await screen.findByText('business known');
      expect(screen.queryByRole('alert')).toBeNull();
    });
});
