import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { BusinessOverview } from '@signet/contracts/business-activity';
import { useTranslation } from 'react-i18next';
import { BusinessAdminPage } from '../../../components/business-admin-page.tsx';
import { PageLoading } from '../../../components/page-frame.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import { formatDateTime } from '../../../lib/i18n.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { useOverview, useStatistics } from '../api/activity.ts';
import { ActiveMembersChart, SignaturesChart } from './statistics-charts.tsx';

const ns = 'business-activity';

/** /business/dashboard: the business at a glance, and its last twelve months as charts. */
export function BusinessDashboardPage() {
  const { t } = useTranslation(ns);
  return (
    <BusinessAdminPage
      title={t('dashboard.title')}
      subtitle={t('dashboard.subtitle')}
      loadingLabel={t('loading')}
      maxWidth={1100}
    >
      {(businessId) => (
        <>
          <Overview businessId={businessId} />
          <Statistics businessId={businessId} />
        </>
      )}
    </BusinessAdminPage>
  );
}

function Tile({
  id,
  label,
  value,
  children,
}: {
  id: string;
  label: string;
  value: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={{ p: 2, display: 'grid', gap: 0.5, alignContent: 'start' }}
    >
      <Typography id={id} variant="body2" color="text.secondary" component="h2">
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.75rem', fontWeight: 600, lineHeight: 1.2 }}>{value}</Typography>
      {children}
    </Paper>
  );
}

function Overview({ businessId }: { businessId: string }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const overview = useOverview(businessId);
  if (overview.isPending) return <PageLoading label={t('loading')} />;
  if (overview.isError)
    return (
      <Alert severity="error" role="alert">
        {errorText(overview.error)}
      </Alert>
    );
  const data = overview.data;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' }}>
      <Tile
        id="tile-seats"
        label={t('dashboard.seats')}
        value={t('dashboard.seats_value', { used: data.seatsUsed, limit: data.seatLimit })}
      >
        <LinearProgress
          variant="determinate"
          value={Math.min(100, (100 * data.seatsUsed) / data.seatLimit)}
          aria-label={t('dashboard.seats')}
        />
        <Typography variant="body2" color="text.secondary">
          {t('dashboard.people', { count: data.members })} · {t('dashboard.admins', { count: data.admins })}
          {data.pendingInvitations > 0 && ` · ${t('dashboard.pending', { count: data.pendingInvitations })}`}
        </Typography>
        <ButtonLink to="/business/members" size="small" sx={{ justifySelf: 'start' }}>
          {t('dashboard.manage_members')}
        </ButtonLink>
      </Tile>
      <Tile
        id="tile-signatures"
        label={t('dashboard.signatures_this_month')}
        value={data.signaturesThisMonth}
      >
        <ButtonLink
          to="/business/activity"
          search={{ tab: 'signatures' }}
          size="small"
          sx={{ justifySelf: 'start' }}
        >
          {t('dashboard.see_activity')}
        </ButtonLink>
      </Tile>
      <Tile id="tile-open" label={t('dashboard.open_requests')} value={data.openRequests} />
      <Tile id="tile-trial" label={t('dashboard.plan')} value={t(trialKey(data))}>
        {data.trial.active && data.trial.startedAt && (
          <Typography variant="body2" color="text.secondary">
            {t('dashboard.trial_since', { date: formatDateTime(data.trial.startedAt) })}
          </Typography>
        )}
      </Tile>
    </Box>
  );
}

/** Spec §4 payment markers as the admin reads them. */
function trialKey(data: BusinessOverview): string {
  if (data.trial.active) return 'dashboard.trial.active';
  if (data.trial.paymentMethod === 'NEEDS_PAYMENT_METHOD') return 'dashboard.trial.expired';
  if (data.trial.paymentMethod === 'BLOCKED') return 'dashboard.trial.locked';
  return 'dashboard.trial.paid';
}

function Statistics({ businessId }: { businessId: string }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const statistics = useStatistics(businessId);
  if (statistics.isPending) return <PageLoading label={t('dashboard.charts.loading')} />;
  if (statistics.isError)
    return (
      <Alert severity="error" role="alert">
        {errorText(statistics.error)}
      </Alert>
    );
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}>
      <SignaturesChart months={statistics.data.months} />
      <ActiveMembersChart months={statistics.data.months} />
    </Box>
  );
}
