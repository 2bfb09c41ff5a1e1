import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@signet/contracts/accounts';
import { userQueryOptions } from '../features/account/api/get-user.ts';
import { userBusinessQueryOptions } from '../features/business/api/get-user-business.ts';
import { rememberedInvitation } from '../features/business/remembered-invitation.ts';
import { hasDirectSignCredentials } from '../features/direct-sign/credentials.ts';
import { maintenanceQueryOptions } from '../features/status/api/get-status-summary.ts';
import type { MaintenanceNotice } from '../features/status/maintenance.ts';
import { isApiError } from '../lib/api-client.ts';
import { readConfig } from '../lib/config.ts';
import { getToken } from '../lib/session.ts';
import type { GuardState } from './guards.ts';

export const staffCookie = 'signet_staff=1';

export function hasStaffCookie(cookie: string = document.cookie): boolean {
  return cookie.split(/;\s*/).includes(staffCookie);
}

/** Cookies and web storage both work; the session needs them. */
export function cookiesEnabled(): boolean {
  if (!navigator.cookieEnabled) return false;
  try {
    const probe = 'signet.probe';
    sessionStorage.setItem(probe, '1');
    sessionStorage.removeItem(probe);
    localStorage.getItem(probe);
    return true;
  } catch {
    return false;
  }
}

/** Thrown when loading the user hit a server failure; the guard sends the browser to /sorry. */
export class ServerUnavailableError extends Error {}

async function loadUser(queryClient: QueryClient): Promise<User | null> {
  if (!getToken()) return null;
  try {
    return await queryClient.ensureQueryData(userQueryOptions);
  } catch (error) {
    // A 401 clears the token (and drops the user query, which cancels this fetch): logged out.
    if (!getToken() || (isApiError(error) && error.statusCode === 401)) return null;
    if (isApiError(error) && error.statusCode >= 500 && error.statusCode !== 503)
      throw new ServerUnavailableError();
    throw error;
  }
}

async function loadMaintenance(queryClient: QueryClient): Promise<MaintenanceNotice | null> {
  const options = maintenanceQueryOptions(readConfig().statusPollMs);
  try {
    return await queryClient.ensureQueryData({ ...options, revalidateIfStale: true });
  } catch {
    // The status page being down must not lock anybody out: keep the last known notice.
    return queryClient.getQueryData(options.queryKey) ?? null;
  }
}

export async function loadGuardState(queryClient: QueryClient): Promise<GuardState> {
  const enabled = cookiesEnabled();
  if (!enabled) {
    return {
      user: null,
      business: null,
      maintenance: null,
      cookiesEnabled: false,
      staff: false,
      directSign: false,
      rememberedInvitation: null,
    };
  }
  // Maintenance first: during a blocking one the API may answer 503 to everything, and the visitor
  // goes to /maintenance anyway, so there is no point in waiting for the user behind retries.
  const maintenance = await loadMaintenance(queryClient);
  const staff = hasStaffCookie();
  const blocked = maintenance?.activeMaintenance?.isBlocking === true && !staff;
  const user = blocked ? null : await loadUser(queryClient);
  const business = user
    ? await queryClient.ensureQueryData(userBusinessQueryOptions).catch(() => null)
    : null;
  return {
    user,
    business,
    maintenance,
    cookiesEnabled: true,
    staff,
    directSign: hasDirectSignCredentials(),
    rememberedInvitation: user ? rememberedInvitation() : null,
  };
}
