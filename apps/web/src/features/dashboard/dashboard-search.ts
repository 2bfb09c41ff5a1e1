/** Spec §2/§4: the dashboard's tab and, on the inbox, its filter; remembered across visits. */
export const dashboardTabs = ['inbox', 'drafts'] as const;
type DashboardTab = (typeof dashboardTabs)[number];
export const dashboardFilters = ['toSign', 'pending', 'declined', 'completed', 'all'] as const;
type DashboardFilter = (typeof dashboardFilters)[number];

export interface DashboardSearch {
  tab: DashboardTab;
  filter?: DashboardFilter;
}

const storageKey = 'signet.dashboard';

function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  return values.find((candidate) => candidate === value);
}

export function readRememberedDashboard(): Partial<DashboardSearch> {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey) ?? '{}') as Record<string, unknown>;
    return { tab: oneOf(dashboardTabs, stored.tab), filter: oneOf(dashboardFilters, stored.filter) };
  } catch {
    return {};
  }
}

export function rememberDashboard(search: DashboardSearch): void {
  const previous = readRememberedDashboard();
  localStorage.setItem(storageKey, JSON.stringify({ ...previous, ...search }));
}

/** A valid tab (else the last one, else inbox); on the inbox a valid filter (else the last one, else toSign). */
export function normaliseDashboardSearch(
  search: Record<string, unknown>,
  remembered: Partial<DashboardSearch>,
): DashboardSearch {
  const tab = oneOf(dashboardTabs, search.tab) ?? remembered.tab ?? 'inbox';
  if (tab !== 'inbox') return { tab };
  return { tab, filter: oneOf(dashboardFilters, search.filter) ?? remembered.filter ?? 'toSign' };
}

/** True when the query already is its normal form (no redirect needed). */
export function isNormalDashboardSearch(search: Record<string, unknown>, normal: DashboardSearch): boolean {
  const keys = Object.keys(search).filter((key) => search[key] !== undefined);
  const expected = Object.keys(normal).filter((key) => normal[key as keyof DashboardSearch] !== undefined);
  return (
    keys.length === expected.length &&
    expected.every((key) => search[key] === normal[key as keyof DashboardSearch])
  );
}
