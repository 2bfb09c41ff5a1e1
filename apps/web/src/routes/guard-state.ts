import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@signet/contracts/accounts';
import { userQueryOptions } from '../lib/api/get-user.ts';
import { userBusinessQueryOptions } from '../lib/api/get-user-business.ts';
import { rememberedInvitation } from '../lib/remembered-invitation.ts';
import { hasDirectSignCredentials } from '../features/direct-sign/credentials.ts';
import { maintenanceQueryOptions } from '../lib/api/get-status-summary.ts';
import type { MaintenanceNotice } from '../lib/maintenance.ts';
import { isApiError } from '../lib/api-client.ts';
import { readConfig } from '../lib/config.ts';
import { getToken } from '../lib/session.ts';
import type { GuardState } from './guards.ts';

const staffCookie = 'signet_staff=1';

export function hasStaffCookie(cookie: string = document.cookie): boolean {
  return cookie.split(/;\s*/).includes(staffCookie);
}

/** Cookies and web storage both work; the session needs them. */
function cookiesEnabled(): boolean {
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

type Settled<T> = { value: T } | { error: unknown };

/** A promise that never rejects (its failure is kept), for an answer that may never be looked at. */
function settled<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

function unwrap<T>(result: Settled<T>): T {
  if ('error' in result) throw result.error;
  return result.value;
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
  // The maintenance notice, the user and their business go out together: one round trip before the
  // page's own calls instead of three. During a blocking maintenance the API may answer 503 to
  // everything and the visitor goes to /maintenance anyway: the user's answer, and its retries, are
  // not waited for. A session that has ended answers both the user and the business with a 401;
  // the API client logs out once (a 401 for a token the tab no longer holds is not handed on).
  const signedIn = getToken() !== null;
  const userLoad = settled(loadUser(queryClient));
  // A business that cannot be read counts as none, as it always has (never rejects).
  const businessLoad = signedIn
    ? queryClient.ensureQueryData(userBusinessQueryOptions).catch(() => null)
    : Promise.resolve(null);
  const maintenance = await loadMaintenance(queryClient);
  const staff = hasStaffCookie();
  const blocked = maintenance?.activeMaintenance?.isBlocking === true && !staff;
  const user = blocked ? null : unwrap(await userLoad);
  const business = user ? await businessLoad : null;
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
