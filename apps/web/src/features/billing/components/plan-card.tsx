import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import { useTranslation } from 'react-i18next';
import type { ChosenPlan, PricePlan } from '@signet/contracts/billing';
import type { Language } from '@signet/contracts/common';
import { ButtonLink } from '../../../components/router-links.tsx';
import { formatPrice } from '../plan-prices.ts';

const ns = 'billing';

/** What a plan allows, one line each (spec §1, §3 licenses). */
export function planAllowances(
  price: PricePlan,
  t: (key: string, options?: Record<string, unknown>) => string,
): string[] {
  const { idents } = price.licenses;
  const lines = [
    t('chooser.qualities', { list: price.qualities.map((q) => t(`qualities.${q}`)).join(', ') }),
    price.seats.max <= 1
      ? t('chooser.seats_one')
      : t('chooser.seats_other', { included: price.seats.included, max: price.seats.max }),
  ];
  if (idents.eidas.payForMembers || idents.zertes.payForMembers) lines.push(t('chooser.idents_members'));
  if (idents.eidas.payForInvitations || idents.zertes.payForInvitations)
    lines.push(t('chooser.idents_invitees'));
  return lines;
}

/** One plan on /upgrade: its colour (spec §9), price, what it allows, and the way to choose it. */
export function PlanCard({
  price,
  language,
  saving,
}: {
  price: PricePlan & { plan: ChosenPlan };
  language: Language;
  saving: number;
}) {
  const { t } = useTranslation(ns);
  const name = t(`plans.${price.plan}`);
  const headingId = `plan-${price.plan}`;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{
        p: 2.5,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        borderTop: 6,
        borderTopColor: (theme) => theme.palette.plan[price.plan],
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Typography
          id={headingId}
          variant="h2"
          sx={{ fontSize: '1.3rem', color: (theme) => theme.palette.plan[price.plan] }}
        >
          {name}
        </Typography>
        {saving > 0 && <Chip size="small" color="success" label={t('chooser.saving', { percent: saving })} />}
      </Box>
      <Box>
        <Typography sx={{ fontSize: '1.6rem', fontWeight: 700 }}>{formatPrice(price, language)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t(price.cycle === 'yearly' ? 'chooser.per_year' : 'chooser.per_month')}
        </Typography>
      </Box>
      <Box
        component="ul"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75, flexGrow: 1, alignContent: 'start' }}
      >
        {planAllowances(price, t).map((line) => (
          <Box component="li" key={line} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <CheckIcon fontSize="small" sx={{ color: (theme) => theme.palette.plan[price.plan], mt: 0.25 }} />
            <Typography variant="body2">{line}</Typography>
          </Box>
        ))}
      </Box>
      <ButtonLink
        to="/upgrade"
        search={{ plan: price.plan, cycle: price.cycle }}
        variant="contained"
        sx={{ bgcolor: (theme) => theme.palette.plan[price.plan] }}
      >
        {t('chooser.choose', { plan: name })}
      </ButtonLink>
    </Paper>
  );
}
