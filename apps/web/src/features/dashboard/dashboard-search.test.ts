import { describe, expect, it } from 'vitest';
import {
  isNormalDashboardSearch,
  normaliseDashboardSearch,
  readRememberedDashboard,
  rememberDashboard,
} from './dashboard-search.ts';

describe('dashboard query normalisation (spec §2)', () => {
  it('defaults to the inbox and toSign', () => {
    expect(normaliseDashboardSearch({}, {})).toEqual({ tab: 'inbox', filter: 'toSign' });
  });

  it('keeps valid values and replaces invalid ones', () => {
    expect(normaliseDashboardSearch({ tab: 'inbox', filter: 'declined' }, {})).toEqual({
      tab: 'inbox',
      filter: 'declined',
    });
    expect(normaliseDashboardSearch({ tab: 'bogus', filter: 'nope' }, {})).toEqual({
      tab: 'inbox',
      filter: 'toSign',
    });
  });

  it('drops the filter off the inbox', () => {
    expect(normaliseDashboardSearch({ tab: 'drafts', filter: 'pending' }, {})).toEqual({ tab: 'drafts' });
  });

  it('falls back to the last selection, remembered in local storage', () => {
    rememberDashboard({ tab: 'inbox', filter: 'completed' });
    expect(normaliseDashboardSearch({}, readRememberedDashboard())).toEqual({
      tab: 'inbox',
      filter: 'completed',
    });
    rememberDashboard({ tab: 'drafts' });
    expect(normaliseDashboardSearch({}, readRememberedDashboard())).toEqual({ tab: 'drafts' });
    // The inbox filter survives a visit to another tab.
    expect(normaliseDashboardSearch({ tab: 'inbox' }, readRememberedDashboard())).toEqual({
      tab: 'inbox',
      filter: 'completed',
    });
  });

  it('says when a redirect is needed', () => {
    expect(
      isNormalDashboardSearch({ tab: 'inbox', filter: 'toSign' }, { tab: 'inbox', filter: 'toSign' }),
    ).toBe(true);
    expect(isNormalDashboardSearch({}, { tab: 'inbox', filter: 'toSign' })).toBe(false);
    expect(isNormalDashboardSearch({ tab: 'drafts', filter: 'all' }, { tab: 'drafts' })).toBe(false);
    expect(
      isNormalDashboardSearch({ tab: 'inbox', filter: 'toSign', x: '1' }, { tab: 'inbox', filter: 'toSign' }),
    ).toBe(false);
  });
});
