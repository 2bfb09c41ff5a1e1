import { useState } from 'react';
import Box from '@mui/material/Box';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { BillingCycle, ChosenPlan, PricePlan } from '@signet/contracts/billing';
import { EmptyState, PageFrame, PageLoading } from '../../../components/page-frame.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { userBusinessQueryOptions } from '../../../lib/api/get-user-business.ts';
import { useUser } from '../../../lib/api/get-user.ts';
import { currentLanguage, priceCurrencyFor } from '../../../lib/i18n.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { usePricePlans } from '../api/price-plans.ts';
import { offeredPlans, yearlySaving } from '../plan-prices.ts';
import { PlanCard } from './plan-card.tsx';
import { ChoiceSummary } from './choice-summary.tsx';
import { ChoiceToggle } from './choice-toggle.tsx';

const ns = 'billing';

/**
 * /upgrade: the plans (spec §1) in the currency of the person's language on this platform (§9), per
 * month or per year. Choosing one leads to `/upgrade?plan=…&cycle=…`, the summary the payment step
 * starts from.
 */
export function PlanChooserPage() {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const language = currentLanguage();
  const currency = priceCurrencyFor(language);
  const search = useSearch({ strict: false }) as {
    plan?: ChosenPlan;
    cycle?: BillingCycle;
    // How the provider's authentication page returns (Stripe's names).
    setup_intent?: string;
    redirect_status?: string;
  };
  const [cycle, setCycle] = useState<BillingCycle>(search.cycle ?? 'monthly');
  const plans = usePricePlans(currency);
  const business = useQuery(userBusinessQueryOptions);
  const user = useUser();
  // Read once: the payment step takes the intent's id and outcome out of the address at once.
  const [returned] = useState(() =>
    search.setup_intent
      ? { setupIntentId: search.setup_intent, succeeded: search.redirect_status === 'succeeded' }
      : null,
  );

  let content;
  if (plans.isPending || business.isPending || user.isPending)
    content = <PageLoading label={t('chooser.loading')} />;
  else if (plans.isError || business.isError || user.isError)
    content = (
      <RetryAlert
        severity="error"
        retryLabel={t('retry')}
        onRetry={() => void Promise.all([plans.refetch(), business.refetch(), user.refetch()])}
      >
        {errorText(plans.error ?? business.error ?? user.error)}
      </RetryAlert>
    );
  else if (search.plan)
    content = (
      <ChoiceSummary
        plan={search.plan}
        cycle={search.cycle ?? 'monthly'}
        prices={plans.data.plans}
        language={language}
        business={business.data}
        email={user.data.email}
        returned={returned}
      />
    );
  else
    content = (
      <PlanCards prices={plans.data.plans} cycle={cycle} onCycle={setCycle} currency={plans.data.currency} />
    );

  return (
    <PageFrame title={t('chooser.title')} subtitle={t('chooser.subtitle')}>
      {content}
    </PageFrame>
  );
}

function PlanCards({
  prices,
  cycle,
  onCycle,
  currency,
}: {
  prices: PricePlan[];
  cycle: BillingCycle;
  onCycle: (cycle: BillingCycle) => void;
  currency: string;
}) {
  const { t } = useTranslation(ns);
  const language = currentLanguage();
  const offered = offeredPlans(prices, cycle);
  if (offered.length === 0)
    return (
      <EmptyState
        icon={<ReceiptLongOutlinedIcon />}
        heading={t('chooser.empty_heading')}
        text={t('chooser.empty_text', { currency })}
      />
    );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <ChoiceToggle
        label={t('chooser.cycle_label')}
        value={cycle}
        options={[
          { value: 'monthly', label: t('chooser.monthly') },
          { value: 'yearly', label: t('chooser.yearly') },
        ]}
        onChange={onCycle}
      />
      <Box
        component="ul"
        aria-label={t('chooser.plans_label')}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
      >
        {offered.map((price) => (
          <PlanCard
            key={price.plan}
            price={price}
            language={language}
            saving={cycle === 'yearly' ? yearlySaving(prices, price.plan) : 0}
          />
        ))}
      </Box>
    </Box>
  );
}
