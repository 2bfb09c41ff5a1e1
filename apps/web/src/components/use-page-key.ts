import { useRouterState } from '@tanstack/react-router';

/** The route-table page key of the page being shown. */
export function usePageKey(): string {
  return useRouterState({ select: (state) => state.matches.at(-1)?.staticData.spec?.page ?? '' });
}
