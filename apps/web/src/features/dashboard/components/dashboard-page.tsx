import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { PageFrame } from '../../../components/page-frame.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import { formatDateTime } from '../../../lib/i18n.ts';
import { dashboardFilters, dashboardTabs, type DashboardSearch } from '../dashboard-search.ts';
import { AutoDeletionControl, type AutoDeletionState } from './auto-deletion-control.tsx';
import { RequestList } from './request-list.tsx';

/** Who the dashboard is for; the route passes the signed-in user in. */
export interface DashboardUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: string;
  /** Spec §4: free users sign with credit; null when the user's business pays. */
  freeSignaturesRemaining: number | null;
}

/** The signed-in home: the user, the request tabs and filters, and the requests themselves. */
export function DashboardPage({
  user,
  onDelete,
  onSigned,
  autoDeletion,
  notice,
}: {
  user: DashboardUser | undefined;
  /** An offer or message above the requests (the route composes it from other features). */
  notice?: ReactNode;
  /** Business admins switch automatic deletion on or off here; null for everybody else. */
  autoDeletion: AutoDeletionState | null;
  onDelete: (requests: SignatureRequest[], done: () => void) => void;
  onSigned: () => void;
}) {
  // The formatted date follows the UI language; the translation hook re-renders on a change.
  const { t } = useTranslation('dashboard');
  const { t: tShell } = useTranslation();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as DashboardSearch;
  const select = (next: DashboardSearch) => void navigate({ to: '/dashboard', search: { ...next } });
  const name = user ? `${user.firstName} ${user.lastName}` : '';
  const credit = user?.freeSignaturesRemaining ?? null;

  return (
    <PageFrame
      title={tShell('titles.dashboard')}
      subtitle={user ? t('greeting', { name }) : undefined}
      actions={
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <ButtonLink to="/upload" variant="contained" startIcon={<UploadFileIcon />}>
            {t('upload')}
          </ButtonLink>
          <ButtonLink to="/logout" variant="outlined" startIcon={<LogoutIcon />}>
            {tShell('common.logout')}
          </ButtonLink>
        </Stack>
      }
    >
      {user && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="member-since">
          {t('member_since', { date: formatDateTime(user.createdAt) })}
        </Typography>
      )}
      {notice}
      {credit !== null && (
        <Alert
          severity={credit > 0 ? 'info' : 'warning'}
          sx={{ mb: 2 }}
          data-testid="free-credit"
          action={
            <ButtonLink to="/upgrade" color="inherit" size="small">
              {t('credit.upgrade')}
            </ButtonLink>
          }
        >
          {credit > 0 ? t('credit.left', { count: credit }) : t('credit.none')}
        </Alert>
      )}
      <Tabs
        value={search.tab}
        onChange={(_event, tab: DashboardSearch['tab']) => select({ tab })}
        aria-label={t('tabs_label')}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {dashboardTabs.map((tab) => (
          <Tab key={tab} value={tab} label={t(`tabs.${tab}`)} />
        ))}
      </Tabs>
      {search.tab === 'inbox' && (
        <Box
          role="group"
          aria-label={t('filters_label')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}
        >
          {dashboardFilters.map((filter) => (
            <Chip
              key={filter}
              label={t(`filters.${filter}`)}
              color={search.filter === filter ? 'primary' : 'default'}
              variant={search.filter === filter ? 'filled' : 'outlined'}
              onClick={() => select({ tab: 'inbox', filter })}
              aria-pressed={search.filter === filter}
            />
          ))}
        </Box>
      )}
      {user ? (
        <RequestList
          search={search}
          viewer={{ id: user.id, email: user.email }}
          onDelete={onDelete}
          onSigned={onSigned}
        />
      ) : null}
      {autoDeletion && <AutoDeletionControl state={autoDeletion} />}
    </PageFrame>
  );
}
