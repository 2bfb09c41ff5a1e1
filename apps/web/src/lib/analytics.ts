import { sendTelemetry } from './api-client.ts';
import type { User } from '@signet/contracts/accounts';
import { readConfig } from './config.ts';

/** Spec §3 analytics data. */
export interface AnalyticsIdentity {
  email: string;
  business: string | null;
  username: string;
  role: 'admin' | 'user';
  plan: string | null;
  locale_code: string;
  plan_start: string | null;
}

export interface AnalyticsBusiness {
  id: string;
  role: 'admin' | 'member';
  pricePlanName: string | null;
  userPilotEnabled: boolean;
  planStart: string | null;
}

function planOf(user: User, business: AnalyticsBusiness | null): string | null {
  return business?.pricePlanName ?? (user.attributes.free_account_type || null);
}

/** Spec §4: analytics runs for the free_legacy plan or when the business switched it on. */
export function analyticsEnabled(user: User | null, business: AnalyticsBusiness | null): boolean {
  if (!user) return false;
  return planOf(user, business) === 'free_legacy' || Boolean(business?.userPilotEnabled);
}

export function analyticsIdentity(
  user: User,
  business: AnalyticsBusiness | null,
  locale: string,
): AnalyticsIdentity {
  return {
    email: user.attributes.signer_identity_email ?? user.email,
    business: business?.id ?? null,
    username: user.id,
    role: business?.role === 'admin' ? 'admin' : 'user',
    plan: planOf(user, business),
    locale_code: locale,
    plan_start: business?.planStart ?? null,
  };
}

/**
 * Analytics adapter: nothing leaves the browser unless a collection address is configured.
 * `sync` is called whenever user, business or language change; it starts and identifies, or stops.
 */
export function createAnalytics(send: (url: string, body: unknown) => void = sendTelemetry) {
  let active: string | null = null;
  return {
    sync(user: User | null, business: AnalyticsBusiness | null, locale: string): 'on' | 'off' {
      const url = readConfig().analyticsUrl;
      if (!url || !analyticsEnabled(user, business) || !user) {
        if (active && url) send(url, { type: 'destroy' });
        active = null;
        return 'off';
      }
      const identity = analyticsIdentity(user, business, locale);
      const key = JSON.stringify(identity);
      if (active !== key) send(url, { type: 'identify', identity });
      active = key;
      return 'on';
    },
    get active() {
      return active !== null;
    },
  };
}
