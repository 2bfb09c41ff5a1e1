import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { BusinessLifecycle } from '@signet/contracts/business-lifecycle';
import { useTranslation } from 'react-i18next';

const ns = 'business';

/** "n of m seats used": members and open invitations each take one; inviting stops at the limit. */
export function SeatsUsage({ seats }: { seats: BusinessLifecycle['seats'] }) {
  const { t } = useTranslation(ns);
  const label = t('members.seats.used', { used: seats.used, limit: seats.limit });
  const full = seats.used >= seats.limit;
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="body2" id="seats-usage" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <LinearProgress
        variant="determinate"
        color={full ? 'warning' : 'primary'}
        value={Math.min(100, (seats.used / seats.limit) * 100)}
        aria-labelledby="seats-usage"
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="body2" color="text.secondary">
        {full ? t('members.seats.full') : t('members.seats.hint')}
      </Typography>
    </Box>
  );
}
