import { describe, expect, it } from 'vitest';
import type { BusinessMembership } from '../lib/business-membership.ts';
import { makeUser } from '../test-support.ts';
import { decide, type GuardInput } from './guards.ts';
import { routeTable } from './route-table.ts';

function spec(path: string) {
  const found = routeTable.find((route) => route.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
}

function business(role: 'admin' | 'member', paymentMethod: string | null = 'STRIPE'): BusinessMembership {
  return {
    id: 'b1',
    name: 'Acme',
    role,
    paymentMethod,
    pricePlanName: 'pro',
    userPilotEnabled: false,
    planStart: null,
    logo: null,
  };
}

function input(path: string, overrides: Partial<GuardInput> = {}): GuardInput {
  return {
    spec: spec(path),
    pathname: path,
    href: path,
    user: makeUser(),
    business: null,
    maintenance: { activeMaintenance: null },
    cookiesEnabled: true,
    staff: false,
    directSign: false,
    ...overrides,
  };
}

describe('route guards (spec §2)', () => {
  it('sends everyone to /cookiesblocked when cookies are disabled', () => {
    expect(decide(input('/dashboard', { cookiesEnabled: false })).redirect?.to).toBe('/cookiesblocked');
    expect(decide(input('/cookiesblocked', { cookiesEnabled: false })).redirect).toBeUndefined();
  });

  it('sends to /maintenance during a blocking maintenance unless the staff cookie is set', () => {
    const blocking = { activeMaintenance: { url: 'https://status', isBlocking: true } };
    expect(decide(input('/login', { user: null, maintenance: blocking })).redirect?.to).toBe('/maintenance');
    expect(decide(input('/dashboard', { maintenance: blocking, staff: true })).redirect).toBeUndefined();
    expect(decide(input('/maintenance', { maintenance: blocking })).redirect).toBeUndefined();
    const notBlocking = { activeMaintenance: { url: 'https://status', isBlocking: false } };
    expect(decide(input('/dashboard', { maintenance: notBlocking })).redirect).toBeUndefined();
  });

  it('sends the unauthenticated to /login remembering the target', () => {
    const decision = decide(input('/profile/settings', { user: null, href: '/profile/settings?x=1' }));
    expect(decision.redirect).toEqual({ to: '/login', search: { redirect: '/profile/settings?x=1' } });
  });

  it('keeps the signed-in off unauthenticated-only pages', () => {
    expect(decide(input('/login')).redirect?.to).toBe('/dashboard');
    expect(decide(input('/password-reset/new')).redirect?.to).toBe('/dashboard');
    expect(decide(input('/login', { user: null })).redirect).toBeUndefined();
  });

  it('lets anybody open the open pages', () => {
    for (const path of ['/sorry', '/maintenance', '/bye', '/expired']) {
      expect(decide(input(path, { user: null })).redirect).toBeUndefined();
    }
  });

  it('sends non-members on business pages to /business/register', () => {
    expect(decide(input('/business/members')).redirect?.to).toBe('/business/register');
  });

  it('opens a business invitation to anybody: the invited person need not be a member, nor signed in', () => {
    for (const user of [null, makeUser()]) expect(decide(input('/invite/$id', { user }))).toEqual({});
  });

  it('brings a person who logged in or signed up from an invitation link back to it', () => {
    const remembered = { rememberedInvitation: 'a'.repeat(43) };
    for (const path of ['/welcome', '/dashboard', '/profile'])
      expect(decide(input(path, remembered)).redirect).toEqual({
        to: '/invite/$id',
        params: { id: 'a'.repeat(43) },
      });
    expect(decide(input('/invite/$id', remembered)).redirect).toBeUndefined();
    expect(decide(input('/logout', remembered)).redirect).toBeUndefined();
    expect(decide(input('/dashboard', { ...remembered, user: null })).redirect?.to).toBe('/login');
  });

  it('sends a member who is not admin home with business.not_allowed', () => {
    const decision = decide(input('/business/members', { business: business('member') }));
    expect(decision).toEqual({ redirect: { to: '/' }, snackbar: 'business.not_allowed' });
    expect(decide(input('/business/members', { business: business('admin') })).redirect).toBeUndefined();
  });

  it('sends members off the billing settings to /billing', () => {
    expect(decide(input('/business/billing/plan', { business: business('member') })).redirect?.to).toBe(
      '/billing',
    );
  });

  it('lets only members and users leaving a business open /billing', () => {
    expect(decide(input('/billing')).redirect?.to).toBe('/dashboard');
    expect(decide(input('/billing', { business: business('member') })).redirect).toBeUndefined();
    expect(
      decide(input('/billing', { user: makeUser({ removed_from_business: true }) })).redirect,
    ).toBeUndefined();
  });

  it('applies strict roles exactly', () => {
    expect(decide(input('/business/register')).redirect).toBeUndefined();
    expect(decide(input('/business/register', { business: business('member') })).redirect?.to).toBe('/');
    expect(decide(input('/business/register', { business: business('admin') })).redirect?.to).toBe(
      '/business/dashboard',
    );
    expect(decide(input('/business/upgrade', { business: business('admin') })).redirect).toBeUndefined();
    expect(decide(input('/business/upgrade', { business: business('member') })).redirect?.to).toBe('/');
  });

  it('tells someone in a business why /business/register sends them away', () => {
    expect(decide(input('/business/register', { business: business('member') })).snackbar).toBe(
      'business.already_in_business',
    );
    expect(decide(input('/business/upgrade', { business: business('member') })).snackbar).toBeUndefined();
  });

  it('forces a weak password to the change-password page, but lets the user log out', () => {
    const user = makeUser({ weak_password: true });
    expect(decide(input('/dashboard', { user })).redirect?.to).toBe('/profile/change-password');
    expect(decide(input('/profile/change-password', { user })).redirect).toBeUndefined();
    expect(decide(input('/logout', { user })).redirect).toBeUndefined();
  });

  it('sends an unfinished SSO signup to /signup/sso', () => {
    const user = makeUser({ accepted_gtc: false }, { hasSso: true });
    expect(decide(input('/dashboard', { user })).redirect?.to).toBe('/signup/sso');
    expect(decide(input('/signup/sso', { user })).redirect).toBeUndefined();
  });

  it('keeps free users without credit off /upload', () => {
    expect(decide(input('/upload', { user: makeUser({ free_signatures_remaining: 0 }) })).redirect?.to).toBe(
      '/upgrade',
    );
    expect(decide(input('/upload')).redirect).toBeUndefined();
    expect(
      decide(
        input('/upload', { user: makeUser({ free_signatures_remaining: 0 }), business: business('member') }),
      ).redirect,
    ).toBeUndefined();
  });

  it('authenticates direct-sign pages by path ids or stored credentials', () => {
    expect(decide(input('/view/$id/$userid', { user: null })).redirect).toBeUndefined();
    expect(decide(input('/direct-sign/identification/eidas', { user: null })).redirect?.to).toBe('/expired');
    expect(
      decide(input('/direct-sign/identification/eidas', { user: null, directSign: true })).redirect,
    ).toBeUndefined();
  });
});

describe('business gates (spec §4)', () => {
  it('sends the admin of a locked or expired business to /business/members', () => {
    for (const paymentMethod of ['BLOCKED', 'NEEDS_PAYMENT_METHOD']) {
      const locked = business('admin', paymentMethod);
      expect(decide(input('/dashboard', { business: locked })).redirect?.to).toBe('/business/members');
      expect(decide(input('/business/members', { business: locked })).redirect).toBeUndefined();
      expect(decide(input('/business/upgrade', { business: locked })).redirect).toBeUndefined();
    }
  });

  it('shows a member of a locked business the locked dialog', () => {
    expect(decide(input('/dashboard', { business: business('member', 'BLOCKED') })).dialog?.name).toBe(
      'business-locked-member',
    );
  });

  it('shows the downgrade dialog to users removed from a business, except on /billing', () => {
    const user = makeUser({ business_deleted: true });
    expect(decide(input('/dashboard', { user })).dialog?.name).toBe('business-downgraded');
    expect(decide(input('/billing', { user })).dialog).toBeUndefined();
  });

  it('shows the invitation, then the terms', () => {
    const invited = makeUser({ accepted_business_invite: false });
    expect(decide(input('/dashboard', { user: invited, business: business('member') })).dialog?.name).toBe(
      'business-invitation',
    );
    expect(decide(input('/dashboard', { user: makeUser({ accepted_gtc: false }) })).dialog).toEqual({
      namespace: 'general',
      name: 'accept-terms',
    });
    expect(decide(input('/dashboard')).dialog).toBeUndefined();
  });
});
