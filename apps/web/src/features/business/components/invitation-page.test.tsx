import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  defaultBusinessSettings,
  type ReceivedInvitation,
  type UserBusiness,
} from '@signet/contracts/businesses';
import enGb from '../locales/en-gb.json';
import { rememberedInvitation } from '../../../lib/remembered-invitation.ts';
import { InvitationPage } from './invitation-page.tsx';
import { initEnglishTexts, jsonResponse } from '../../../test-support.ts';
import { renderRoutes } from '../../../test-render.tsx';

const secret = 'S3cret-link-of-the-invitation-0123456789ab';

const pending: ReceivedInvitation = {
  businessName: 'Acme AG',
  invitedBy: { firstName: 'Alma', lastName: 'Admin' },
  role: 'member',
  email: 'max@example.ch',
  status: 'pending',
  expiresAt: '2030-01-15T10:00:00.000Z',
  inOtherBusiness: false,
};

/** The accept call's answer: the business as GET /v2/businesses/user gives it. */
const joined: UserBusiness = {
  id: 'b1',
  name: 'Acme AG',
  role: 'member',
  billing: { paymentMethod: 'TRIALING' },
  pricePlan: { name: 'team' },
  settings: defaultBusinessSettings,
  planStart: null,
};

beforeAll(() => initEnglishTexts({ business: enGb }));
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

function signIn() {
  sessionStorage.setItem(
    'signet.token',
    JSON.stringify({ value: 'session-token', expiration: new Date(Date.now() + 3600_000).toISOString() }),
  );
}

/** Answers the invitation call with `invitation`, and the answer calls as `answers` says. */
function stubApi(invitation: Response, answers: Record<string, Response> = {}) {
  const fetch = vi.fn((url: string, _init?: RequestInit) => {
    const answer = Object.entries(answers).find(([suffix]) => url.endsWith(suffix));
    return Promise.resolve(answer ? answer[1] : invitation);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderPage() {
  return renderRoutes({ '/invite/$id': InvitationPage, '/dashboard': () => null }, `/invite/${secret}`);
}

describe('InvitationPage', () => {
  it('asks somebody signed out to log in or sign up, and keeps the link for after signup', async () => {
    const fetch = stubApi(jsonResponse(pending));
    renderPage();
    await screen.findByRole('button', { name: 'Log in' });
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/signup');
    expect(rememberedInvitation()).toBe(secret);
    // Nothing is asked of the API without an account: the details are for the invited one only.
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the invited account who invites it where, and forgets the kept link', async () => {
    localStorage.setItem('signet.invitation', secret);
    signIn();
    stubApi(jsonResponse(pending));
    renderPage();
    await screen.findByText('Alma Admin invites you to join Acme AG on Signet.');
    expect(screen.getByText('max@example.ch')).toBeTruthy();
    expect(screen.getByText('Member')).toBeTruthy();
    expect(rememberedInvitation()).toBeNull();
    expect(screen.getByRole('button', { name: 'Accept invitation' }).hasAttribute('disabled')).toBe(false);
  });

  it('accepts and goes to the dashboard', async () => {
    signIn();
    const fetch = stubApi(jsonResponse(pending), { '/accept': jsonResponse(joined) });
    const router = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const [url, init] = fetch.mock.calls.find(([called]) => called.endsWith('/accept'))!;
    expect(url).toBe(`/api/v1/business-invitations/${secret}/accept`);
    expect((init as RequestInit).method).toBe('POST');
  });

  it('an account of another business cannot accept, and a refused answer is announced', async () => {
    signIn();
    stubApi(jsonResponse({ ...pending, inOtherBusiness: true }), {
      '/decline': jsonResponse({ statusCode: 410, code: 'INVITATION_EXPIRED', message: 'expired' }, 410),
    });
    renderPage();
    await screen.findByText(/Your account belongs to another business/);
    expect(screen.getByRole('button', { name: 'Accept invitation' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This invitation has just expired. Ask the business to invite you again.',
    );
  });

  it('says when the invitation has expired, without a way to accept it', async () => {
    signIn();
    stubApi(jsonResponse({ ...pending, status: 'expired' }));
    renderPage();
    await screen.findByText('This invitation has expired');
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });

  it('offers to log out when the invitation is for another account', async () => {
    signIn();
    stubApi(jsonResponse({ statusCode: 403, code: 'INVITATION_WRONG_ACCOUNT', message: 'not yours' }, 403));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This invitation is for another account',
    );
    expect(screen.getByRole('link', { name: 'Log out' }).getAttribute('href')).toBe('/logout');
  });

  it('treats an unknown or malformed link as not valid', async () => {
    signIn();
    stubApi(
      jsonResponse(
        { statusCode: 400, code: 'VALIDATION_FAILED', message: 'bad', field: 'params.secret' },
        400,
      ),
    );
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('This invitation is not valid');
  });
});
