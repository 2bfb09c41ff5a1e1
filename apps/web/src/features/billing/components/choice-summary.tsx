import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { useTranslation } from 'react-i18next';
import type { BillingCycle, ChosenPlan, PricePlan } from '@signet/contracts/billing';
import type { Language } from '@signet/contracts/common';
import { FactList } from '../../../components/fact-list.tsx';
import { EmptyState } from '../../../components/page-frame.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatPrice } from '../plan-prices.ts';
import type { BusinessMembership } from '../../../lib/business-membership.ts';
import { PaymentStep } from './payment-step.tsx';
import { planAllowances } from './plan-card.tsx';

const ns = 'billing';

/**
 * `/upgrade?plan=…&cycle=…`: the plan chosen, its price and what the first billing cycle costs with
 * the seats it includes, then the payment step (card or SEPA debit) that makes the person's business.
 */
export function ChoiceSummary({
  plan,
  cycle,
  prices,
  language,
  business,
  email,
  returned,
}: {
  plan: ChosenPlan;
  cycle: BillingCycle;
  prices: PricePlan[];
  language: Language;
  /** The person's business, if they are in one. */
  business: BusinessMembership | null;
  email: string;
  /** Back from the provider's authentication page, with its outcome. */
  returned: { setupIntentId: string; succeeded: boolean } | null;
}) {
  const { t } = useTranslation(ns);
  const price = prices.find((p) => p.plan === plan && p.cycle === cycle);
  const back = (
    <ButtonLink to="/upgrade" search={{ cycle }} variant="outlined">
      {t('summary.change')}
    </ButtonLink>
  );
  if (!price)
    return (
      <EmptyState
        icon={<ReceiptLongOutlinedIcon />}
        heading={t('summary.unknown_heading')}
        text={t('summary.unknown_text')}
        action={back}
      />
    );
  const name = t(`plans.${plan}`);
  const cycleName = t(cycle === 'yearly' ? 'chooser.yearly' : 'chooser.monthly');
  const total = { ...price, amount: price.amount * price.seats.included };
  return (
    <SectionCard
      id="upgrade-summary"
      heading={t('summary.heading', { plan: name, cycle: cycleName })}
      intro={t('summary.intro')}
      headingSpace={2}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 640 }}>
        <FactList
          facts={[
            [t('summary.plan'), name],
            [t('summary.cycle'), cycleName],
            [t('summary.price'), formatPrice(price, language)],
            [t('summary.seats'), String(price.seats.included)],
            [t('summary.total'), formatPrice(total, language)],
          ]}
        />
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {planAllowances(price, t).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>{back}</Box>
        {business ? (
          // Someone in a business upgrades it from its billing page (its admins), not as an individual.
          <Alert
            severity="info"
            action={
              business.role === 'admin' ? (
                <ButtonLink to="/business/billing" color="inherit" size="small">
                  {t('summary.to_business_billing')}
                </ButtonLink>
              ) : undefined
            }
          >
            {t(business.role === 'admin' ? 'summary.in_business_admin' : 'summary.in_business_member', {
              business: business.name,
            })}
          </Alert>
        ) : (
          <PaymentStep price={{ ...price, plan }} language={language} email={email} returned={returned} />
        )}
      </Box>
    </SectionCard>
  );
}
