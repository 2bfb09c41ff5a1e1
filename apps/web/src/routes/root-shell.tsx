import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { userQueryOptions } from '../lib/api/get-user.ts';
import { userBusinessQueryOptions } from '../lib/api/get-user-business.ts';
import { maintenanceQueryOptions } from '../lib/api/get-status-summary.ts';
import { createAnalytics } from '../lib/analytics.ts';
import { readConfig } from '../lib/config.ts';
import { useStore } from '../lib/create-store.ts';
import { pageTitle } from '../lib/page-title.ts';
import { getToken, onSessionChange } from '../lib/session.ts';
import { hasStaffCookie } from './guard-state.ts';
import { dialogStore } from '../components/dialog-store.ts';
import { overlayStore } from '../components/overlay-store.ts';
import { snackbarStore } from '../components/snackbar-store.ts';
import { hideStagingKey } from '../components/staging-key.ts';
import { useScrollLock } from '../components/use-scroll-lock.ts';

// Kept out of the first load: most pages never show them.
const MaintenanceBanner = lazy(() =>
  import('../components/maintenance-banner.tsx').then((m) => ({ default: m.MaintenanceBanner })),
);
const StagingFrame = lazy(() =>
  import('../components/staging-frame.tsx').then((m) => ({ default: m.StagingFrame })),
);
const UiHosts = lazy(() => import('./ui-hosts.tsx').then((m) => ({ default: m.UiHosts })));

/** Keeps document.title to the spec §2 rule for the deepest matched page. */
function useDocumentTitle() {
  const { t, i18n } = useTranslation();
  const match = useRouterState({ select: (state) => state.matches.at(-1) });
  const spec = match?.staticData.spec;
  useEffect(() => {
    // No page spec means nothing matched: the 404 page.
    const meta = spec ? (spec.title ? t(spec.title) : undefined) : t('not_found.title');
    document.title = pageTitle(meta, spec?.path ?? '/');
  }, [t, i18n.language, spec, match?.pathname]);
}

/** Moves focus to the new page's heading after a navigation, so screen readers announce it. */
function useFocusOnNavigation() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const status = useRouterState({ select: (state) => state.status });
  const first = useRef(true);
  useEffect(() => {
    if (status !== 'idle') return;
    if (first.current) {
      first.current = false;
      return;
    }
    const heading = document.getElementById('page-title');
    heading?.focus({ preventScroll: true });
  }, [pathname, status]);
}

function useLoggedIn(): boolean {
  const [loggedIn, setLoggedIn] = useState(() => Boolean(getToken()));
  useEffect(() => onSessionChange(() => setLoggedIn(Boolean(getToken()))), []);
  return loggedIn;
}

/** Spec §7: poll the status page while logged in; a blocking maintenance sends the browser to /maintenance. */
function MaintenanceWatch() {
  const router = useRouter();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const loggedIn = useLoggedIn();
  const { data } = useQuery({ ...maintenanceQueryOptions(readConfig().statusPollMs), enabled: loggedIn });
  const active = data?.activeMaintenance;
  useEffect(() => {
    if (active?.isBlocking && !hasStaffCookie() && pathname !== '/maintenance')
      void router.navigate({ to: '/maintenance' });
  }, [active?.isBlocking, pathname, router]);
  // Spec §4: the banner only for a maintenance that does not block.
  if (!active || active.isBlocking) return null;
  return (
    <Suspense fallback={null}>
      <MaintenanceBanner url={active.url} />
    </Suspense>
  );
}

/** Spec §2/§4: the Test System frame in every mode but production, unless hidden in local storage. */
export function StagingMarker() {
  if (readConfig().mode === 'production' || localStorage.getItem(hideStagingKey) !== null) return null;
  return (
    <Suspense fallback={null}>
      <StagingFrame />
    </Suspense>
  );
}

/** The hosts load with their first dialog, overlay or snackbar and stay mounted afterwards. */
function LazyHosts() {
  const { dialog } = useStore(dialogStore);
  const { overlay } = useStore(overlayStore);
  const snackbars = useStore(snackbarStore);
  const needed = Boolean(dialog || overlay || snackbars.length > 0);
  const [mounted, setMounted] = useState(needed);
  if (needed && !mounted) setMounted(true);
  useScrollLock(Boolean(dialog || overlay));
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <UiHosts />
    </Suspense>
  );
}

const analytics = createAnalytics();

/** Spec §4: analytics starts or stops as the user, their business or the language change. */
function useAnalyticsSync() {
  const { i18n } = useTranslation();
  const loggedIn = useLoggedIn();
  const user = useQuery({ ...userQueryOptions, enabled: loggedIn }).data ?? null;
  const business = useQuery({ ...userBusinessQueryOptions, enabled: loggedIn }).data ?? null;
  useEffect(() => {
    analytics.sync(loggedIn ? user : null, business, i18n.language);
  }, [loggedIn, user, business, i18n.language]);
}

export function RootShell() {
  useDocumentTitle();
  useFocusOnNavigation();
  useAnalyticsSync();
  return (
    <>
      <MaintenanceWatch />
      <Outlet />
      <StagingMarker />
      <LazyHosts />
    </>
  );
}
