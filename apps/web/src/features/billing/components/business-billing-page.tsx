import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { BillingInformation, SubscriptionUsage } from '@signet/contracts/billing';
import { FactList } from '../../../components/fact-list.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatDateTime } from '../../../lib/i18n.ts';
import { useSubscriptionUsage } from '../api/subscription-usage.ts';
import { BillingFrame } from './billing-frame.tsx';
import { PlanName } from './plan-name.tsx';
import { QuerySection } from './query-section.tsx';

const ns = 'billing';

/** /business/billing: how the admin's business pays, what it used, and what needs attention (spec §4). */
export function BusinessBillingPage() {
  return (
    <BillingFrame page="business">
      {(businessId, info) => (
        <>
          <PlanSection info={info} />
          <UsageSection businessId={businessId} />
        </>
      )}
    </BillingFrame>
  );
}

/** A translated value of `key.<value>`, the value itself when unknown, a dash when none. */
export function useTranslatedValue() {
  const { t, i18n } = useTranslation(ns);
  return (key: string, value: string | null) =>
    value === null
      ? t('business.none')
      : i18n.exists(`${key}.${value}`, { ns })
        ? t(`${key}.${value}`)
        : value;
}

/** Seats in use of the limit, and those bought. */
export function useSeatsText() {
  const { t } = useTranslation(ns);
  return (seats: BillingInformation['seats']) =>
    t('business.seats_value', { used: seats.used, limit: seats.limit }) +
    (seats.purchased === null ? '' : ` · ${t('business.seats_purchased', { count: seats.purchased })}`);
}

function PlanSection({ info }: { info: BillingInformation }) {
  const { t } = useTranslation(ns);
  const translated = useTranslatedValue();
  const seatsText = useSeatsText();
  const cancelling = info.pricePlan.next?.type === 'CANCELED';
  const facts: Array<[string, React.ReactNode]> = [
    [t('business.plan'), <PlanName key="plan" name={info.pricePlan.name} />],
    [t('business.status'), translated('business.statuses', info.billingStatus)],
    [t('business.provider'), translated('business.providers', info.provider)],
    [t('business.cycle'), translated('business.cycles', info.cycle)],
    [t('business.seats'), seatsText(info.seats)],
  ];
  if (info.trial) facts.push([t('business.trial_ends'), formatDateTime(info.trial.endAt)]);
  if (info.renewsAt)
    facts.push([t(cancelling ? 'business.ends' : 'business.renews'), formatDateTime(info.renewsAt)]);
  return (
    <SectionCard id="billing-plan" heading={t('business.plan_heading')} headingSpace={2}>
      <FactList facts={facts} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 2.5 }}>
        <ButtonLink to="/business/billing/plan" variant="contained">
          {t('business.manage_plan')}
        </ButtonLink>
        <ButtonLink to="/business/billing/payment" variant="outlined">
          {t('business.payment_methods')}
        </ButtonLink>
        <ButtonLink to="/business/billing/invoices" variant="outlined">
          {t('business.invoices')}
        </ButtonLink>
      </Box>
    </SectionCard>
  );
}

function UsageSection({ businessId }: { businessId: string }) {
  const { t } = useTranslation(ns);
  return (
    <QuerySection
      id="billing-usage"
      heading={t('usage.heading')}
      query={useSubscriptionUsage(businessId)}
      loadingLabel={t('usage.loading')}
      failedText={t('usage.load_failed')}
    >
      {(usage) => <UsageFacts usage={usage} />}
    </QuerySection>
  );
}

function UsageFacts({ usage }: { usage: SubscriptionUsage }) {
  const { t } = useTranslation(ns);
  const { signatures, identifications, seats, freeCreditLeft, period } = usage;
  const facts: Array<[string, React.ReactNode]> = [
    [t('usage.period'), `${formatDateTime(period.startAt)} – ${formatDateTime(period.endAt)}`],
    [t('usage.seats'), t('usage.seats_value', { used: seats.used, limit: seats.paid ?? seats.limit })],
    [t('usage.signatures'), t('usage.signatures_value', { ...signatures })],
    [t('usage.identifications'), t('usage.identifications_value', { ...identifications })],
  ];
  if (freeCreditLeft !== null) facts.push([t('usage.free_credit'), String(freeCreditLeft)]);
  return <FactList facts={facts} />;
}
