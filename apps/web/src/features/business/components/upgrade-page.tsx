import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import DnsOutlinedIcon from '@mui/icons-material/DnsOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import PaletteOutlinedIcon from '@mui/icons-material/PaletteOutlined';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BusinessLockNotice } from '../../../components/business-lock-notice.tsx';
import { FactList } from '../../../components/fact-list.tsx';
import { PageFrame, PageLoading } from '../../../components/page-frame.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { userBusinessQueryOptions } from '../../../lib/api/get-user-business.ts';
import { isLocked, isTrialExpired, type BusinessMembership } from '../../../lib/business-membership.ts';
import { formatDateTime } from '../../../lib/i18n.ts';
import { BenefitCards } from './business-benefits.tsx';

const ns = 'business';

/** What a business adds to a personal account. */
const benefits = [
  { key: 'members', icon: <GroupsOutlinedIcon /> },
  { key: 'admins', icon: <AdminPanelSettingsOutlinedIcon /> },
  { key: 'seals', icon: <VerifiedOutlinedIcon /> },
  { key: 'domains', icon: <DnsOutlinedIcon /> },
  { key: 'branding', icon: <PaletteOutlinedIcon /> },
  { key: 'activity', icon: <AssessmentOutlinedIcon /> },
];

/**
 * /business/upgrade (a user without a business, or an admin): what a business account brings,
 * and the way there: for a user, creating one; for an admin, their business's state and billing.
 */
export function UpgradePage() {
  const { t } = useTranslation(ns);
  const business = useQuery(userBusinessQueryOptions);
  let next;
  if (business.isPending) next = <PageLoading label={t('upgrade.loading')} />;
  else if (business.isError)
    next = (
      <RetryAlert severity="error" retryLabel={t('upgrade.retry')} onRetry={() => void business.refetch()}>
        {t('upgrade.load_failed')}
      </RetryAlert>
    );
  else if (business.data) next = <BusinessState business={business.data} />;
  else
    next = (
      <SectionCard id="upgrade-how" heading={t('upgrade.how.heading')} intro={t('upgrade.how.text')}>
        <ButtonLink to="/business/register" variant="contained" size="large">
          {t('upgrade.how.action')}
        </ButtonLink>
      </SectionCard>
    );
  return (
    <PageFrame title={t('upgrade.title')} subtitle={t('upgrade.subtitle')}>
      <Box sx={{ maxWidth: 960, display: 'flex', flexDirection: 'column', gap: 3 }}>
        <BusinessLockNotice />
        <BenefitCards
          label={t('upgrade.benefits')}
          cards={benefits.map(({ key, icon }) => ({
            key,
            icon,
            heading: t(`upgrade.benefit.${key}.heading`),
            text: t(`upgrade.benefit.${key}.text`),
          }))}
        />
        {next}
      </Box>
    </PageFrame>
  );
}

/** Spec §4 billing states, as an admin reads them. */
function stateOf(business: BusinessMembership): string {
  if (isLocked(business)) return 'locked';
  if (isTrialExpired(business)) return 'trial_expired';
  if (business.paymentMethod === 'TRIALING') return 'trialing';
  return 'active';
}

function BusinessState({ business }: { business: BusinessMembership }) {
  const { t } = useTranslation(ns);
  const since = business.planStart ? formatDateTime(business.planStart) : t('upgrade.state.unknown');
  return (
    <SectionCard
      id="upgrade-state"
      heading={t('upgrade.state.heading', { business: business.name })}
      intro={t('upgrade.state.text')}
    >
      <FactList
        facts={[
          [t('upgrade.state.plan'), business.pricePlanName ?? t('upgrade.state.no_plan')],
          [t('upgrade.state.status'), t(`upgrade.state.${stateOf(business)}`)],
          [t('upgrade.state.since'), since],
        ]}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2, mb: 1 }}>
        {t('upgrade.state.billing_text')}
      </Typography>
      <ButtonLink to="/business/billing" variant="contained">
        {t('upgrade.state.billing')}
      </ButtonLink>
    </SectionCard>
  );
}
