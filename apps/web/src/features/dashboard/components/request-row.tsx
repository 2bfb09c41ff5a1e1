import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import { useTranslation } from 'react-i18next';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import { TextLink } from '../../../components/router-links.tsx';
import { formatDateTime } from '../../../lib/i18n.ts';
import { rowDate, rowTarget } from '../dashboard-list.ts';

const statusColor = {
  DRAFT: 'default',
  OPEN: 'primary',
  SIGNED: 'success',
  DECLINED: 'error',
  WITHDRAWN: 'warning',
} as const;

const signerIcon = {
  OPEN: <HourglassEmptyIcon fontSize="small" />,
  SIGNED: <CheckCircleIcon fontSize="small" />,
  DECLINED: <HighlightOffIcon fontSize="small" />,
} as const;

const rowSx = {
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  columnGap: 1,
  alignItems: 'start',
  px: { xs: 1, sm: 2 },
  py: 1.5,
  borderTop: 1,
  borderColor: 'divider',
} as const;

/** One request of the list: select box, title (a link to the request), state, signers and date. */
export function RequestRow({
  request,
  selected,
  onToggle,
}: {
  request: SignatureRequest;
  selected: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const date = rowDate(request);
  const titleId = `request-title-${request.id}`;
  const signed = request.signatures.filter((signature) => signature.status_code === 'SIGNED').length;
  return (
    <Box component="li" sx={rowSx} data-testid="request-row" data-request-id={request.id}>
      <Checkbox
        checked={selected}
        onChange={onToggle}
        slotProps={{ input: { 'aria-labelledby': titleId } }}
        sx={{ mt: -0.5 }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
          <TextLink
            id={titleId}
            {...rowTarget(request)}
            underline="hover"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}
          >
            {request.title}
          </TextLink>
          <Chip
            size="small"
            color={statusColor[request.status_overall]}
            variant={request.status_overall === 'DRAFT' ? 'outlined' : 'filled'}
            label={t(`status.${request.status_overall}`)}
          />
          <Chip size="small" variant="outlined" label={t(`quality.${request.quality}`)} />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {t('row.owner', { name: `${request.owner.first_name} ${request.owner.last_name}`.trim() })}
          {' · '}
          {t(`row.${date.key}`, { date: formatDateTime(date.value) })}
          {request.signatures.length > 0 && (
            <>
              {' · '}
              {t('row.signed_count', { signed, count: request.signatures.length })}
            </>
          )}
        </Typography>
        {request.signatures.length > 0 ? (
          <Box
            component="ul"
            aria-label={t('row.signers_label')}
            sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
          >
            {request.signatures.map((signature) => {
              const name = `${signature.first_name} ${signature.last_name}`.trim() || signature.email;
              return (
                <Box component="li" key={signature.sid} sx={{ maxWidth: '100%' }}>
                  <Chip
                    size="small"
                    variant="outlined"
                    icon={signerIcon[signature.status_code]}
                    color={
                      signature.status_code === 'SIGNED'
                        ? 'success'
                        : signature.status_code === 'DECLINED'
                          ? 'error'
                          : 'default'
                    }
                    label={t('row.signer', { name, state: t(`signer.${signature.status_code}`) })}
                    // Long names wrap instead of hiding the signer's state behind an ellipsis.
                    sx={{
                      maxWidth: '100%',
                      height: 'auto',
                      minHeight: 24,
                      '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere', py: 0.25 },
                    }}
                  />
                </Box>
              );
            })}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('row.no_signers')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** Placeholder rows while the first page loads. */
export function RequestRowSkeleton() {
  return (
    <Box component="li" sx={rowSx} aria-hidden="true">
      <Skeleton variant="rectangular" width={20} height={20} sx={{ m: 1 }} />
      <Box>
        <Skeleton width="45%" height={28} />
        <Skeleton width="70%" />
        <Box sx={{ display: 'flex', gap: 1, mt: 0.5 }}>
          <Skeleton variant="rounded" width={120} height={24} />
          <Skeleton variant="rounded" width={120} height={24} />
        </Box>
      </Box>
    </Box>
  );
}
