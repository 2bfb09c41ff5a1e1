import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { WebhookDelivery } from '@signet/contracts/business-webhooks';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/page-frame.tsx';
import { formatDateTime } from '../../../lib/i18n.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { useResendDelivery, useWebhookDeliveries } from '../api/webhooks.ts';

const ns = 'business-api';

const statusColor = { delivered: 'success', pending: 'warning', failed: 'error' } as const;

// On a phone each delivery's cells stack (the table stays a table for screen readers): four columns
// of dates and statuses do not fit 390 px side by side.
const stacked = {
  display: { xs: 'block', sm: 'table-cell' },
  borderBottom: { xs: 'none', sm: undefined },
} as const;

/** An endpoint's latest deliveries: event, status, every attempt, and a re-send button. */
export function WebhookDeliveries({ businessId, webhookId }: { businessId: string; webhookId: string }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const deliveries = useWebhookDeliveries(businessId, webhookId);
  const resend = useResendDelivery(businessId, webhookId);
  if (deliveries.isPending) return <PageLoading label={t('webhooks.deliveries.loading')} />;
  if (deliveries.isError)
    return (
      <Alert severity="error" role="alert">
        {errorText(deliveries.error)}
      </Alert>
    );
  if (deliveries.data.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('webhooks.deliveries.none')}
      </Typography>
    );
  return (
    <>
      {resend.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {errorText(resend.error)}
        </Alert>
      )}
      <TableContainer>
        <Table size="small" aria-label={t('webhooks.deliveries.label')}>
          <TableHead sx={{ display: { xs: 'none', sm: 'table-header-group' } }}>
            <TableRow>
              <TableCell>{t('webhooks.deliveries.event')}</TableCell>
              <TableCell>{t('webhooks.deliveries.status')}</TableCell>
              <TableCell>{t('webhooks.deliveries.attempts')}</TableCell>
              <TableCell>{t('webhooks.deliveries.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {deliveries.data.map((delivery) => (
              <TableRow
                key={delivery.id}
                sx={{
                  verticalAlign: 'top',
                  display: { xs: 'block', sm: 'table-row' },
                  borderBottom: { xs: 1, sm: 0 },
                  borderColor: 'divider',
                  py: { xs: 1, sm: 0 },
                }}
              >
                <TableCell sx={stacked}>
                  <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                    {delivery.eventType}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {formatDateTime(delivery.createdAt)}
                  </Typography>
                </TableCell>
                <TableCell sx={stacked}>
                  <Chip
                    size="small"
                    color={statusColor[delivery.status]}
                    label={t(`webhooks.deliveries.states.${delivery.status}`)}
                  />
                  {delivery.nextAttemptAt && (
                    <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 0.5 }}>
                      {t('webhooks.deliveries.next', { date: formatDateTime(delivery.nextAttemptAt) })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={stacked}>
                  <Attempts delivery={delivery} />
                </TableCell>
                <TableCell sx={stacked}>
                  <Button
                    size="small"
                    loading={resend.isPending && resend.variables === delivery.id}
                    onClick={() => resend.mutate(delivery.id)}
                    aria-label={t('webhooks.deliveries.resend_label', { event: delivery.eventType })}
                  >
                    {t('webhooks.deliveries.resend')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

function Attempts({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation(ns);
  if (delivery.attempts.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('webhooks.deliveries.no_attempt')}
      </Typography>
    );
  return (
    <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
      {delivery.attempts.map((attempt, index) => (
        // Attempts are only ever appended: their place is their identity.
        <li key={index}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {formatDateTime(attempt.attemptedAt)}
            {' · '}
            {attempt.statusCode !== null ? `HTTP ${attempt.statusCode}` : t('webhooks.deliveries.no_answer')}
            {' · '}
            {t('webhooks.deliveries.duration', { ms: attempt.durationMs })}
            {attempt.manual && ` · ${t('webhooks.deliveries.manual')}`}
          </Typography>
          {attempt.error && (
            <Typography variant="caption" color="error" sx={{ overflowWrap: 'anywhere' }}>
              {attempt.error}
            </Typography>
          )}
        </li>
      ))}
    </Box>
  );
}
