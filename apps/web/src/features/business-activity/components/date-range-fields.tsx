import Box from '@mui/material/Box';
import { TextInput } from '../../../components/text-input.tsx';
import { maxActivityRangeDays } from '@signet/contracts/business-activity';
import { useTranslation } from 'react-i18next';

const ns = 'business-activity';
const dayMs = 86_400_000;

export interface DayRange {
  startDate: string;
  endDate: string;
}

/** This month so far (UTC days, as the server counts them). */
export function thisMonth(now = new Date()): DayRange {
  const today = now.toISOString().slice(0, 10);
  return { startDate: `${today.slice(0, 7)}-01`, endDate: today };
}

/** What is wrong with a range, as the server would refuse it; null when it is fine. */
export function rangeProblem(range: DayRange): 'start' | 'end' | 'order' | 'length' | null {
  const start = Date.parse(`${range.startDate}T00:00:00Z`);
  const end = Date.parse(`${range.endDate}T00:00:00Z`);
  if (Number.isNaN(start)) return 'start';
  if (Number.isNaN(end)) return 'end';
  if (end < start) return 'order';
  if ((end - start) / dayMs + 1 > maxActivityRangeDays) return 'length';
  return null;
}

/** The days a report covers, both included; a problem is told under the end date. */
export function DateRangeFields({
  value,
  onChange,
}: {
  value: DayRange;
  onChange: (next: DayRange) => void;
}) {
  const { t } = useTranslation(ns);
  const problem = rangeProblem(value);
  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
      <TextInput
        type="date"
        size="small"
        label={t('range.start')}
        value={value.startDate}
        onChange={(event) => onChange({ ...value, startDate: event.target.value })}
        error={problem === 'start'}
        helperText={problem === 'start' ? t('range.invalid') : undefined}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ flex: '1 1 160px', maxWidth: 220 }}
      />
      <TextInput
        type="date"
        size="small"
        label={t('range.end')}
        value={value.endDate}
        onChange={(event) => onChange({ ...value, endDate: event.target.value })}
        error={problem !== null && problem !== 'start'}
        helperText={
          problem === 'end'
            ? t('range.invalid')
            : problem === 'order'
              ? t('range.order')
              : problem === 'length'
                ? t('range.length', { days: maxActivityRangeDays })
                : undefined
        }
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ flex: '1 1 160px', maxWidth: 220 }}
      />
    </Box>
  );
}
