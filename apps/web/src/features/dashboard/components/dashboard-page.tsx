import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, PageFrame } from '../../../components/page-frame.tsx';
import { formatDateTime } from '../../../lib/i18n.ts';
import { dashboardFilters, dashboardTabs, type DashboardSearch } from '../dashboard-search.ts';

/** Who the dashboard greets; the route passes the signed-in user in. */
export interface DashboardUser {
  firstName: string;
  lastName: string;
  createdAt: string;
}

/** The signed-in home: the user, the request tabs and filters, and what to do first. */
export function DashboardPage({ user }: { user: DashboardUser | undefined }) {
  // The formatted date follows the UI language; the translation hook re-renders on a change.
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as DashboardSearch;
  const select = (next: DashboardSearch) => void navigate({ to: '/dashboard', search: { ...next } });
  const name = user ? `${user.firstName} ${user.lastName}` : '';

  return (
    <PageFrame
      title={t('titles.dashboard')}
      subtitle={user ? t('dashboard.greeting', { name }) : undefined}
      actions={
        <Stack direction="row" spacing={1}>
          <Button component={Link} to="/upload" variant="contained" startIcon={<UploadFileIcon />}>
            {t('dashboard.upload')}
          </Button>
          <Button component={Link} to="/logout" variant="outlined" startIcon={<LogoutIcon />}>
            {t('common.logout')}
          </Button>
        </Stack>
      }
    >
      {user && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="member-since">
          {t('dashboard.member_since', { date: formatDateTime(user.createdAt) })}
        </Typography>
      )}
      <Tabs
        value={search.tab}
        onChange={(_event, tab: DashboardSearch['tab']) => select({ tab })}
        aria-label={t('dashboard.tabs_label')}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {dashboardTabs.map((tab) => (
          <Tab key={tab} value={tab} label={t(`dashboard.tabs.${tab}`)} />
        ))}
      </Tabs>
      {search.tab === 'inbox' && (
        <Box
          role="group"
          aria-label={t('dashboard.filters_label')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 3 }}
        >
          {dashboardFilters.map((filter) => (
            <Chip
              key={filter}
              label={t(`dashboard.filters.${filter}`)}
              color={search.filter === filter ? 'primary' : 'default'}
              variant={search.filter === filter ? 'filled' : 'outlined'}
              onClick={() => select({ tab: 'inbox', filter })}
              aria-pressed={search.filter === filter}
            />
          ))}
        </Box>
      )}
      <EmptyState
        icon={<InboxOutlinedIcon />}
        heading={t('dashboard.empty_heading')}
        text={t('dashboard.empty_text')}
        action={
          <Button component={Link} to="/upload" variant="contained" startIcon={<UploadFileIcon />}>
            {t('dashboard.upload')}
          </Button>
        }
      />
    </PageFrame>
  );
}
