import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@signet/contracts/accounts';
import { analyticsEnabled, analyticsIdentity, createAnalytics } from './analytics.ts';

const user = (attributes: Partial<User['attributes']> = {}) =>
  ({
    id: 'u1',
    email: 'a@example.com',
    attributes: { free_account_type: 'free_v1', signer_identity_email: null, ...attributes },
  }) as User;
const business = (userPilotEnabled: boolean, role: 'admin' | 'member' = 'admin') => ({
  id: 'b1',
  role,
  pricePlanName: 'pro',
  userPilotEnabled,
  planStart: '2026-01-01',
});

afterEach(() => {
  delete window.__SIGNET_CONFIG__;
});

describe('analytics (spec §3/§4)', () => {
  it('is on for the free_legacy plan or when the business enabled it', () => {
    expect(analyticsEnabled(user({ free_account_type: 'free_legacy' }), null)).toBe(true);
    expect(analyticsEnabled(user(), null)).toBe(false);
    expect(analyticsEnabled(user(), business(true))).toBe(true);
    expect(analyticsEnabled(user(), business(false))).toBe(false);
    expect(analyticsEnabled(null, business(true))).toBe(false);
  });

  it('identifies with the signer identity email first and the admin role', () => {
    expect(
      analyticsIdentity(user({ signer_identity_email: 'id@example.com' }), business(true), 'de-ch'),
    ).toEqual({
      email: 'id@example.com',
      business: 'b1',
      username: 'u1',
      role: 'admin',
      plan: 'pro',
      locale_code: 'de-ch',
      plan_start: '2026-01-01',
    });
    expect(analyticsIdentity(user(), business(true, 'member'), 'en-gb').role).toBe('user');
  });

  it('sends nothing unless a collection address is configured, then starts and stops with the rule', () => {
    const send = vi.fn();
    const analytics = createAnalytics(send);
    expect(analytics.sync(user(), business(true), 'en-gb')).toBe('off');
    expect(send).not.toHaveBeenCalled();
    window.__SIGNET_CONFIG__ = { analyticsUrl: 'https://collect.example/a' };
    expect(analytics.sync(user(), business(true), 'en-gb')).toBe('on');
    expect(send).toHaveBeenLastCalledWith(
      'https://collect.example/a',
      expect.objectContaining({ type: 'identify' }),
    );
    analytics.sync(user(), business(true), 'en-gb');
    expect(send).toHaveBeenCalledTimes(1);
    expect(analytics.sync(user(), business(false), 'en-gb')).toBe('off');
    expect(send).toHaveBeenLastCalledWith('https://collect.example/a', { type: 'destroy' });
  });
});
