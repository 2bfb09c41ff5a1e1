import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import CloseIcon from '@mui/icons-material/Close';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { userQueryOptions } from '../features/account/api/get-user.ts';
import { userBusinessQueryOptions } from '../features/business/api/get-user-business.ts';
import { maintenanceQueryOptions } from '../features/status/api/get-status-summary.ts';
import { createAnalytics } from '../lib/analytics.ts';
import { readConfig } from '../lib/config.ts';
import { useStore } from '../lib/create-store.ts';
import { pageTitle } from '../lib/page-title.ts';
import { getToken, onSessionChange } from '../lib/session.ts';
import { dialogRegistry, overlayRegistry } from '../routes/dialog-registry.ts';
import { hasStaffCookie } from '../routes/guard-state.ts';
import { DialogHost } from './dialog-host.tsx';
import { dialogStore } from './dialog-store.ts';
import { OverlayHost } from './overlay-host.tsx';
import { overlayStore } from './overlay-store.ts';
import { SnackbarHost } from './snackbar-host.tsx';
import { useScrollLock } from './use-scroll-lock.ts';

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
function MaintenanceBanner() {
  const { t } = useTranslation();
  const router = useRouter();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const loggedIn = useLoggedIn();
  const { data } = useQuery({ ...maintenanceQueryOptions(readConfig().statusPollMs), enabled: loggedIn });
  const active = data?.activeMaintenance;
  useEffect(() => {
    if (active?.isBlocking && !hasStaffCookie() && pathname !== '/maintenance')
      void router.navigate({ to: '/maintenance' });
  }, [active?.isBlocking, pathname, router]);
  if (!active || active.isBlocking) return null;
  return (
    <Alert severity="warning" role="status" sx={{ borderRadius: 0, justifyContent: 'center' }}>
      {t('shell.maintenance_banner')}{' '}
      {active.url && (
        <Link
          href={active.url}
          target="_blank"
          rel="noopener noreferrer"
          color="inherit"
          sx={{ fontWeight: 700 }}
        >
          {t('shell.maintenance_link')}
        </Link>
      )}
    </Alert>
  );
}

const hideStagingKey = 'hide-staging-alert';

/** Spec §2/§4: a frame on all four sides marks a system that is not production. */
function StagingFrame() {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(() => localStorage.getItem(hideStagingKey) !== null);
  if (readConfig().mode === 'production' || hidden) return null;
  return (
    <Box
      data-testid="staging-frame"
      sx={{
        position: 'fixed',
        inset: 0,
        border: '4px solid',
        borderColor: 'warning.main',
        pointerEvents: 'none',
        zIndex: 1950,
      }}
    >
      <Box
        sx={{
          position: 'absolute',
          top: 0,
          left: '50%',
          transform: 'translateX(-50%)',
          bgcolor: 'warning.main',
          color: '#fff',
          px: 1.5,
          borderBottomLeftRadius: 6,
          borderBottomRightRadius: 6,
          fontSize: '0.75rem',
          fontWeight: 700,
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          pointerEvents: 'auto',
        }}
      >
        {t('shell.test_system')}
        <IconButton
          size="small"
          aria-label={t('shell.hide_test_system')}
          onClick={() => {
            localStorage.setItem(hideStagingKey, '1');
            setHidden(true);
          }}
          sx={{ color: 'inherit', p: 0.25 }}
        >
          <CloseIcon sx={{ fontSize: 14 }} />
        </IconButton>
      </Box>
    </Box>
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
  const { dialog } = useStore(dialogStore);
  const { overlay } = useStore(overlayStore);
  useScrollLock(Boolean(dialog || overlay));
  return (
    <>
      <MaintenanceBanner />
      <Outlet />
      <StagingFrame />
      <DialogHost registry={dialogRegistry} />
      <OverlayHost registry={overlayRegistry} />
      <SnackbarHost />
    </>
  );
}
