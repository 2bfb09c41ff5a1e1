import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { chosenPlans, planTraits, type ChosenPlan } from '@signet/contracts/billing';

/** A plan's name as a chip in its colour (spec §9 plan colours); enterprise and free plans by kind. */
export function PlanName({ name }: { name: string | null }) {
  const { t } = useTranslation('billing');
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
