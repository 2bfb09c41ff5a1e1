import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  chosenPlans,
  type BillingCycle,
  type BillingInformation,
  type ChosenPlan,
  type UpgradeBody,
} from '@signet/contracts/billing';
import { FactList } from '../../../components/fact-list.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { currentLanguage, formatDateTime, priceCurrencyFor } from '../../../lib/i18n.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { useChangePlan, useUpgradePreview } from '../api/plan-change.ts';
import { usePricePlans } from '../api/price-plans.ts';
import { useChangeSeats } from '../api/seats.ts';
import {
  cancelSubscription,
  cancelTrial,
  reactivateSubscription,
  scheduleFreePlan,
} from '../api/subscription-end.ts';
import { freePlanTerms } from '../plan-changes.ts';
import { formatPrice } from '../plan-prices.ts';
import { BillingFrame } from './billing-frame.tsx';
import { useSeatsText, useTranslatedValue } from './business-billing-page.tsx';
import { PlanName } from './plan-name.tsx';
import { PricePreviewFacts } from './price-preview.tsx';
import { openAddSeatsOverlay, openRemoveSeatsDialog } from './seats-change.tsx';
import {
  openCancelSubscriptionDialog,
  openCancelTrialDialog,
  openFreePlanDowngradeDialog,
} from './subscription-dialogs.tsx';

const ns = 'billing';

/** /business/billing/plan: the current and next plan, its cycle and seats; changing them (spec §7). */
export function BillingPlanPage() {
  return (
    <BillingFrame page="plan_page">
      {(businessId, info) => (
        <>
          <CurrentPlan businessId={businessId} info={info} />
          <ChangePlan businessId={businessId} info={info} />
        </>
      )}
    </BillingFrame>
  );
}

/** Whether the business has a live provider subscription whose seats and end can change. */
const liveSubscription = (info: BillingInformation) =>
  info.provider === 'STRIPE' &&
  info.seats.purchased !== null &&
  !['canceled', 'incomplete_expired'].includes(info.stripeSubscriptionStatus ?? 'canceled');

function CurrentPlan({ businessId, info }: { businessId: string; info: BillingInformation }) {
  const { t } = useTranslation(ns);
  const translated = useTranslatedValue();
  const seatsText = useSeatsText();
  const queryClient = useQueryClient();
  const changeSeats = useChangeSeats(businessId);
  const currency = info.currency ?? priceCurrencyFor(currentLanguage());
  const plans = usePricePlans(currency);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['business', businessId] });
  const next = info.pricePlan.next;
  const cancelling = next?.type === 'CANCELED';
  const live = liveSubscription(info);
  const currentPlan = plans.data?.plans.find((plan) => plan.plan === info.pricePlan.name);
  const freePlan = plans.data?.plans.find((plan) => plan.plan === 'free');
  const maxSeats = currentPlan?.seats.max ?? info.seats.limit;
  const seatsArgs = {
    businessId,
    seats: info.seats.purchased ?? info.seats.limit,
    used: info.seats.used,
    max: maxSeats,
  };
  const base = (type: string) => translated('plan_page.types', type);
  const facts: Array<[string, React.ReactNode]> = [
    [t('business.plan'), <PlanName key="plan" name={info.pricePlan.name} />],
    [t('plan_page.current'), base(info.pricePlan.current.type)],
    [
      t('plan_page.next'),
      cancelling
        ? t(info.pricePlan.nextName === 'free' ? 'plan_page.next_free' : 'plan_page.next_cancelled')
        : next
          ? base(next.type)
          : t('plan_page.next_same'),
    ],
    [t('business.cycle'), translated('business.cycles', info.cycle)],
    [t('business.seats'), seatsText(info.seats)],
  ];
  if (info.trial) facts.push([t('business.trial_ends'), formatDateTime(info.trial.endAt)]);
  if (info.renewsAt)
    facts.push([t(cancelling ? 'business.ends' : 'business.renews'), formatDateTime(info.renewsAt)]);
  const endsOn = formatDateTime(info.renewsAt ?? new Date());
  return (
    <SectionCard id="plan-current" heading={t('plan_page.current_heading')} headingSpace={2}>
      <FactList facts={facts} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 2.5 }}>
        {live && !cancelling && (
          <>
            <Button
              variant="contained"
              disabled={seatsArgs.seats >= maxSeats}
              onClick={() => openAddSeatsOverlay(seatsArgs, (seats) => changeSeats.mutateAsync(seats))}
            >
              {t('plan_page.add_seats')}
            </Button>
            <Button
              variant="outlined"
              disabled={seatsArgs.seats <= Math.max(1, info.seats.used)}
              onClick={() => openRemoveSeatsDialog(seatsArgs, (seats) => changeSeats.mutateAsync(seats))}
            >
              {t('plan_page.remove_seats')}
            </Button>
            <Button
              color="error"
              onClick={() =>
                openCancelSubscriptionDialog(async () => {
                  await cancelSubscription(businessId);
                  await refresh();
                }, endsOn)
              }
            >
              {t('plan_page.cancel')}
            </Button>
            {freePlan && (
              <Button
                color="error"
                onClick={() =>
                  openFreePlanDowngradeDialog(
                    async () => {
                      await scheduleFreePlan(businessId);
                      await refresh();
                    },
                    endsOn,
                    freePlanTerms(currentPlan, freePlan, seatsArgs.seats),
                  )
                }
              >
                {t('plan_page.downgrade_free')}
              </Button>
            )}
          </>
        )}
        {live && cancelling && (
          <Reactivate
            onReactivate={async () => {
              await reactivateSubscription(businessId);
              await refresh();
            }}
          />
        )}
        {info.trial && (
          <>
            <ButtonLink to="/upgrade" variant="contained">
              {t('business.choose_plan')}
            </ButtonLink>
            <Button
              color="error"
              onClick={() =>
                openCancelTrialDialog(async () => {
                  await cancelTrial(businessId);
                  await refresh();
                })
              }
            >
              {t('plan_page.cancel_trial')}
            </Button>
          </>
        )}
        {!live && !info.trial && (
          <ButtonLink to="/upgrade" variant="contained">
            {t('business.choose_plan')}
          </ButtonLink>
        )}
      </Box>
    </SectionCard>
  );
}

function Reactivate({ onReactivate }: { onReactivate: () => Promise<void> }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const [state, setState] = useState<{ busy: boolean; error: unknown }>({ busy: false, error: null });
  return (
    <Stack spacing={1} sx={{ width: '100%' }}>
      <Box>
        <Button
          variant="contained"
          loading={state.busy}
          disabled={state.busy}
          onClick={() => {
            setState({ busy: true, error: null });
            onReactivate().then(
              () => setState({ busy: false, error: null }),
              (error: unknown) => setState({ busy: false, error }),
            );
          }}
        >
          {t('plan_page.reactivate')}
        </Button>
      </Box>
      {state.error !== null && (
        <Alert severity="error" role="alert">
          {errorText(state.error)}
        </Alert>
      )}
    </Stack>
  );
}

/** Another plan or cycle: the price now (the provider's preview, prorated), then confirm. */
function ChangePlan({ businessId, info }: { businessId: string; info: BillingInformation }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const language = currentLanguage();
  const currency = info.currency ?? priceCurrencyFor(language);
  const plans = usePricePlans(currency);
  const current = (chosenPlans as readonly string[]).includes(info.pricePlan.name ?? '')
    ? (info.pricePlan.name as ChosenPlan)
    : 'team';
  const [plan, setPlan] = useState<ChosenPlan>(current);
  const [cycle, setCycle] = useState<BillingCycle>(info.cycle ?? 'monthly');
  const [choice, setChoice] = useState<UpgradeBody | null>(null);
  const preview = useUpgradePreview(businessId, choice);
  const change = useChangePlan(businessId);
  const live = liveSubscription(info);
  if (!live)
    return (
      <SectionCard id="plan-change" heading={t('plan_page.change_heading')}>
        <Alert severity="info">{t('plan_page.change_needs_subscription')}</Alert>
      </SectionCard>
    );
  const price = plans.data?.plans.find((row) => row.plan === plan && row.cycle === cycle);
  const included = price?.seats.included ?? 1;
  const seats = Math.max(info.seats.purchased ?? info.seats.used, info.seats.used, included);
  const unchanged = plan === info.pricePlan.name && cycle === info.cycle;
  const result = change.data;
  return (
    <SectionCard id="plan-change" heading={t('plan_page.change_heading')} intro={t('plan_page.change_intro')}>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label={t('plan_page.plan_field')}
            value={plan}
            onChange={(event) => {
              setPlan(event.target.value as ChosenPlan);
              setChoice(null);
              change.reset();
            }}
            sx={{ minWidth: 200 }}
          >
            {chosenPlans.map((name) => (
              <MenuItem key={name} value={name}>
                {t(`plans.${name}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('business.cycle')}
            value={cycle}
            onChange={(event) => {
              setCycle(event.target.value as BillingCycle);
              setChoice(null);
              change.reset();
            }}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="monthly">{t('business.cycles.monthly')}</MenuItem>
            <MenuItem value="yearly">{t('business.cycles.yearly')}</MenuItem>
          </TextField>
        </Stack>
        {price && (
          <div>
            {t('plan_page.price_line', {
              price: formatPrice(price, language),
              per: t(cycle === 'monthly' ? 'chooser.per_month' : 'chooser.per_year'),
              seats,
            })}
          </div>
        )}
        {choice === null ? (
          <Box>
            <Button
              variant="outlined"
              disabled={unchanged}
              onClick={() => setChoice({ plan, cycle, currency, seats })}
            >
              {t('plan_page.show_price')}
            </Button>
          </Box>
        ) : (
          <>
            <PricePreviewFacts preview={preview.data} error={preview.error} pending={preview.isPending} />
            <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
              <Button
                variant="contained"
                disabled={!preview.isSuccess || change.isPending}
                loading={change.isPending}
                onClick={() => change.mutate(choice)}
              >
                {t('plan_page.confirm_change')}
              </Button>
              <Button onClick={() => setChoice(null)} disabled={change.isPending}>
                {t('seats.cancel')}
              </Button>
            </Box>
          </>
        )}
        {change.isError && (
          <Alert severity="error" role="alert">
            {errorText(change.error)}
          </Alert>
        )}
        {result && result.nextActionUrl && (
          <Alert severity="warning" role="alert">
            {t('plan_page.action_needed')} <a href={result.nextActionUrl}>{t('plan_page.action_link')}</a>
          </Alert>
        )}
        {result && !result.nextActionUrl && (
          <Alert severity="success" role="status">
            {t('plan_page.changed')}
          </Alert>
        )}
      </Stack>
    </SectionCard>
  );
}
