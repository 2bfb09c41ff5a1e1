import { linkOptions, type NavigateOptions } from '@tanstack/react-router';
import type { User } from '@signet/contracts/accounts';
import type { BusinessMembership } from '../lib/business-membership.ts';
import { lockOf } from '../lib/business-membership.ts';
import type { MaintenanceNotice } from '../lib/maintenance.ts';
import type { RouteSpec } from './route-table.ts';

/** What the guards know of the visitor and the service (loaded by guard-state.ts). */
export interface GuardState {
  user: User | null;
  business: BusinessMembership | null;
  maintenance: MaintenanceNotice | null;
  cookiesEnabled: boolean;
  /** The internal-staff cookie exempts from the maintenance block (spec §6). */
  staff: boolean;
  /** A direct-sign session (user id + request id) is stored for this tab. */
  directSign: boolean;
  /** A business invitation link opened before signing in (or up), not shown since. */
  rememberedInvitation?: string | null;
}

export interface GuardInput extends GuardState {
  spec: RouteSpec;
  pathname: string;
  /** Path and query, remembered for the return after login. */
  href: string;
}

type DialogRef = { namespace: 'general' | 'business'; name: string };

export interface GuardDecision {
  /** Where to send the browser instead; made with linkOptions, which checks it against the routes. */
  redirect?: NavigateOptions;
  snackbar?: string;
  dialog?: DialogRef;
}

const pass: GuardDecision = {};

/** Paths a weak password or an unfinished SSO signup does not block, so the user can fix it or leave. */
const alwaysReachable = new Set(['/logout', '/sorry', '/maintenance', '/bye']);

/** Spec §6: admin has member and user rights; member has user rights. */
function userRole(
  user: User | null,
  business: BusinessMembership | null,
): 'unauthenticated' | 'user' | 'member' | 'admin' {
  if (!user) return 'unauthenticated';
  if (!business) return 'user';
  return business.role;
}

/** An SSO account whose signup has not been completed (terms never accepted on the SSO steps). */
function hasIncompleteSso(user: User): boolean {
  return user.hasSso && !user.attributes.accepted_gtc;
}

/** Spec §4: free users need credit to send documents. */
function isFreeWithoutCredit(user: User, business: BusinessMembership | null): boolean {
  return !business && user.attributes.free_signatures_remaining <= 0;
}

/** The route guards of spec §2 in their order; the first that applies decides. */
export function decide(input: GuardInput): GuardDecision {
  const { spec, pathname, user, business } = input;
  if (!input.cookiesEnabled)
    return pathname === '/cookiesblocked' ? pass : { redirect: linkOptions({ to: '/cookiesblocked' }) };
  if (input.maintenance?.activeMaintenance?.isBlocking && !input.staff && pathname !== '/maintenance') {
    return { redirect: linkOptions({ to: '/maintenance' }) };
  }
  switch (spec.role) {
    case 'public':
      return pass;
    case 'unauthenticated':
      return user ? { redirect: linkOptions({ to: '/dashboard' }) } : pass;
    case 'nas':
      return spec.nasFromParams || input.directSign ? pass : { redirect: linkOptions({ to: '/expired' }) };
    default:
      break;
  }
  if (!user) return { redirect: linkOptions({ to: '/login', search: { redirect: input.href } }) };
  if (alwaysReachable.has(pathname)) return pass;
  if (hasIncompleteSso(user))
    return pathname === '/signup/sso' ? pass : { redirect: linkOptions({ to: '/signup/sso' }) };
  if (user.attributes.weak_password && pathname !== '/profile/change-password') {
    return { redirect: linkOptions({ to: '/profile/change-password' }) };
  }
  // Back to the invitation that sent this person to log in or sign up (the invite page is public).
  if (input.rememberedInvitation)
    return { redirect: linkOptions({ to: '/invite/$id', params: { id: input.rememberedInvitation } }) };
  const role = userRole(user, business);
  if (spec.strict && role !== spec.role && !(spec.path === '/business/upgrade' && role === 'admin')) {
    const redirect = linkOptions({ to: role === 'admin' ? '/business/dashboard' : '/' });
    // Someone in a business who asks to create one is told why they land elsewhere.
    if (spec.path === '/business/register') return { redirect, snackbar: 'business.already_in_business' };
    return { redirect };
  }
  if (spec.role === 'member' || spec.role === 'admin') {
    if (!business) return { redirect: linkOptions({ to: '/business/register' }) };
    if (spec.role === 'admin' && business.role !== 'admin') {
      if (pathname.startsWith('/business/billing')) return { redirect: linkOptions({ to: '/billing' }) };
      return { redirect: linkOptions({ to: '/' }), snackbar: 'business.not_allowed' };
    }
  }
  if (pathname === '/billing' && !business && !leavingBusiness(user))
    return { redirect: linkOptions({ to: '/dashboard' }) };
  if (pathname === '/upload' && isFreeWithoutCredit(user, business))
    return { redirect: linkOptions({ to: '/upgrade' }) };
  return businessGate(user, business, pathname);
}

function leavingBusiness(user: User): boolean {
  return user.attributes.removed_from_business || user.attributes.business_deleted;
}

/** Pages an admin of a locked or expired business may still open. */
const lockedAdminPaths = ['/business/members', '/business/upgrade', '/upgrade', '/logout'];

/** Spec §4 business gates, after the route guards have let the user in. */
function businessGate(user: User, business: BusinessMembership | null, pathname: string): GuardDecision {
  if (business && lockOf(business)) {
    if (business.role === 'admin') {
      return lockedAdminPaths.some((path) => pathname.startsWith(path))
        ? pass
        : { redirect: linkOptions({ to: '/business/members' }) };
    }
    return { dialog: { namespace: 'business', name: 'business-locked-member' } };
  }
  if (leavingBusiness(user) && pathname !== '/billing') {
    return { dialog: { namespace: 'business', name: 'business-downgraded' } };
  }
  if (business && !user.attributes.accepted_business_invite) {
    return { dialog: { namespace: 'business', name: 'business-invitation' } };
  }
  if (!user.attributes.accepted_gtc) return { dialog: { namespace: 'general', name: 'accept-terms' } };
  return pass;
}
