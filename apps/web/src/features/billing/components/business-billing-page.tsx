import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { BillingInformation } from '@signet/contracts/billing';
import { chosenPlans, planTraits, type ChosenPlan } from '@signet/contracts/billing';
import { BusinessAdminPage } from '../../../components/business-admin-page.tsx';
import { FactList } from '../../../components/fact-list.tsx';
import { PageLoading } from '../../../components/page-frame.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatDateTime } from '../../../lib/i18n.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { useBillingInformation } from '../api/billing-information.ts';

const ns = 'billing';

/** /business/billing: how the admin's business pays, and what needs their attention (spec §4). */
export function BusinessBillingPage() {
  const { t } = useTranslation(ns);
  return (
    <BusinessAdminPage
      title={t('business.title')}
      subtitle={t('business.subtitle')}
      loadingLabel={t('business.loading')}
      maxWidth={820}
    >
      {(businessId) => <Billing businessId={businessId} />}
    </BusinessAdminPage>
  );
}

function Billing({ businessId }: { businessId: string }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const info = useBillingInformation(businessId);
  if (info.isPending) return <PageLoading label={t('business.loading')} />;
  if (info.isError)
    return (
      <RetryAlert severity="error" retryLabel={t('retry')} onRetry={() => void info.refetch()}>
        {t('business.load_failed')} {errorText(info.error)}
      </RetryAlert>
    );
  return (
    <>
      <Attention info={info.data} />
      <PlanSection info={info.data} />
    </>
  );
}

/** The banner of spec §4's states: locked, trial over, payment issues, the trial's end, a cancellation. */
function Attention({ info }: { info: BillingInformation }) {
  const { t } = useTranslation(ns);
  const choose = (
    <ButtonLink to="/upgrade" color="inherit" size="small">
      {t('business.choose_plan')}
    </ButtonLink>
  );
  if (info.paymentMethod === 'BLOCKED')
    return (
      <Alert severity="error" role="alert">
        {t('business.blocked')}
      </Alert>
    );
  if (info.paymentMethod === 'NEEDS_PAYMENT_METHOD')
    return (
      <Alert severity="warning" role="alert" action={choose}>
        {t('business.trial_over')}
      </Alert>
    );
  if (info.paymentIssues)
    return (
      <Alert severity="warning" role="alert">
        {t('business.payment_issues')}
      </Alert>
    );
  if (info.trial)
    return (
      <Alert severity="info" action={choose}>
        {t('business.trial_banner', { date: formatDateTime(info.trial.endAt) })}
      </Alert>
    );
  if (info.pricePlan.next?.type === 'CANCELED' && info.pricePlan.next.startAt)
    return (
      <Alert severity="info">
        {t('business.cancelling', { date: formatDateTime(info.pricePlan.next.startAt) })}
      </Alert>
    );
  return null;
}

function PlanName({ name }: { name: string | null }) {
  const { t } = useTranslation(ns);
  if (name === null) return <>{t('business.no_plan')}</>;
  const known = (chosenPlans as readonly string[]).includes(name);
  const label = known
    ? t(`plans.${name}`)
    : planTraits(name).enterprise
      ? t('plans.enterprise')
      : planTraits(name).free
        ? t('plans.free')
        : name;
  return (
    <Chip
      size="small"
      label={label}
      sx={{
        color: 'common.white',
        bgcolor: (theme) => (known ? theme.palette.plan[name as ChosenPlan] : theme.palette.text.secondary),
      }}
    />
  );
}

function PlanSection({ info }: { info: BillingInformation }) {
  const { t, i18n } = useTranslation(ns);
  const none = t('business.none');
  const translated = (key: string, value: string | null) =>
    value === null ? none : i18n.exists(`${key}.${value}`, { ns }) ? t(`${key}.${value}`) : value;
  const seats =
    t('business.seats_value', { used: info.seats.used, limit: info.seats.limit }) +
    (info.seats.purchased === null
      ? ''
      : ` · ${t('business.seats_purchased', { count: info.seats.purchased })}`);
  const cancelling = info.pricePlan.next?.type === 'CANCELED';
  const facts: Array<[string, React.ReactNode]> = [
    [t('business.plan'), <PlanName key="plan" name={info.pricePlan.name} />],
    [t('business.status'), translated('business.statuses', info.billingStatus)],
    [t('business.provider'), translated('business.providers', info.provider)],
    [t('business.cycle'), translated('business.cycles', info.cycle)],
    [t('business.seats'), seats],
  ];
  if (info.trial) facts.push([t('business.trial_ends'), formatDateTime(info.trial.endAt)]);
  if (info.renewsAt)
    facts.push([t(cancelling ? 'business.ends' : 'business.renews'), formatDateTime(info.renewsAt)]);
  return (
    <SectionCard id="billing-plan" heading={t('business.plan_heading')} headingSpace={2}>
      <FactList facts={facts} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 2.5 }}>
        <ButtonLink to="/upgrade" variant="contained">
          {t('business.change_plan')}
        </ButtonLink>
        <ButtonLink to="/business/members" variant="outlined">
          {t('business.members')}
        </ButtonLink>
      </Box>
    </SectionCard>
  );
}
