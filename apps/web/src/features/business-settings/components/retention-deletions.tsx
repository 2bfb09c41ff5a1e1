import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { useErrorText } from '../../../lib/server-errors.ts';
import { formatDateTime } from '../../../lib/i18n.ts';
import { useRetentionDeletions } from '../api/extras.ts';

const ns = 'business-settings';

/** What automatic deletion removed: each request's title, its end and when its files went. */
export function RetentionDeletions({ businessId }: { businessId: string }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const deletions = useRetentionDeletions(businessId);
  const date = (iso: string) => formatDateTime(iso);
  return (
    <Box component="section" aria-labelledby="retention-deletions" sx={{ mt: 3 }}>
      <Typography id="retention-deletions" variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
        {t('deletions.heading')}
      </Typography>
      {deletions.isPending ? (
        <Typography variant="body2" color="text.secondary" role="status">
          {t('deletions.loading')}
        </Typography>
      ) : deletions.isError ? (
        <RetryAlert severity="error" retryLabel={t('retry')} onRetry={() => void deletions.refetch()}>
          {errorText(deletions.error)}
        </RetryAlert>
      ) : deletions.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('deletions.none')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {deletions.data.map((deletion) => (
            <Box component="li" key={deletion.requestId} sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{deletion.title}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('deletions.line', {
                  status: t(`deletions.status.${deletion.status}`),
                  finished: date(deletion.finishedAt),
                  deleted: date(deletion.deletedAt),
                  count: deletion.documentCount,
                  // Its own plural (none, one, more), so "0 attachments" never shows.
                  attachments: t('deletions.attachments', { count: deletion.attachmentCount }),
                })}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
