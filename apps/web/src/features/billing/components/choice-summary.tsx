import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import { useTranslation } from 'react-i18next';
import type { BillingCycle, ChosenPlan, PricePlan } from '@signet/contracts/billing';
import type { Language } from '@signet/contracts/common';
import { FactList } from '../../../components/fact-list.tsx';
import { EmptyState } from '../../../components/page-frame.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { formatPrice } from '../plan-prices.ts';
import { planAllowances } from './plan-card.tsx';

const ns = 'billing';

/**
 * `/upgrade?plan=…&cycle=…`: the plan chosen, its price and what the first billing cycle costs with
 * the seats it includes. The payment step (card or SEPA debit) starts from here once it is wired.
 */
export function ChoiceSummary({
  plan,
  cycle,
  prices,
  language,
}: {
  plan: ChosenPlan;
  cycle: BillingCycle;
  prices: PricePlan[];
  language: Language;
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
        <Alert severity="info">{t('summary.payment_next')}</Alert>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <Button variant="contained" disabled>
            {t('summary.pay')}
          </Button>
          {back}
        </Box>
      </Box>
    </SectionCard>
  );
}
