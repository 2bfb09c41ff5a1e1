import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Webhook } from '@signet/contracts/business-webhooks';
import { useTranslation } from 'react-i18next';
import { InlineConfirm } from '../../../components/inline-confirm.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { formatDateTime } from '../../../lib/i18n.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { useDeleteWebhook, useRotateWebhookSecret } from '../api/webhooks.ts';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import type { FreshSecret } from './new-secret.tsx';

const ns = 'business-api';

/** One webhook endpoint: its URL, events; rotate its secret, delete it, show its deliveries. */
export function WebhookCard({
  businessId,
  webhook,
  onSecret,
}: {
  businessId: string;
  webhook: Webhook;
  onSecret: (secret: FreshSecret) => void;
}) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const rotate = useRotateWebhookSecret(businessId);
  const remove = useDeleteWebhook(businessId);
  const [confirming, setConfirming] = useState<'rotate' | 'delete' | null>(null);
  const [showDeliveries, setShowDeliveries] = useState(false);
  const headingId = `webhook-${webhook.id}`;
  const deliveriesId = `webhook-deliveries-${webhook.id}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography
        id={headingId}
        variant="h3"
        sx={{ fontSize: '1rem', fontFamily: 'monospace', overflowWrap: 'anywhere' }}
      >
        {webhook.url}
      </Typography>
      {webhook.description && (
        <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {webhook.description}
        </Typography>
      )}
      <Box
        component="ul"
        aria-label={t('webhooks.subscribed')}
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', gap: 0.5, flexWrap: 'wrap' }}
      >
        {webhook.events.map((event) => (
          <li key={event}>
            <Chip size="small" variant="outlined" label={event} />
          </li>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('created', { date: formatDateTime(webhook.createdAt) })}
      </Typography>
      {confirming === 'rotate' ? (
        <InlineConfirm
          question={t('webhooks.rotate_confirm')}
          keepLabel={t('keep')}
          confirmLabel={t('webhooks.rotate_now')}
          loading={rotate.isPending}
          error={rotate.isError ? errorText(rotate.error) : null}
          onKeep={() => setConfirming(null)}
          onConfirm={() =>
            rotate.mutate(webhook.id, {
              onSuccess: (rotated) => {
                setConfirming(null);
                onSecret({ title: t('webhooks.secret_title', { url: rotated.url }), secret: rotated.secret });
              },
            })
          }
          sx={{ mt: 2 }}
        />
      ) : confirming === 'delete' ? (
        <InlineConfirm
          question={t('webhooks.delete_confirm', { url: webhook.url })}
          keepLabel={t('keep')}
          confirmLabel={t('delete_now')}
          loading={remove.isPending}
          error={remove.isError ? errorText(remove.error) : null}
          onKeep={() => setConfirming(null)}
          onConfirm={() =>
            remove.mutate(webhook.id, {
              onSuccess: () => showSnackbar({ message: `${ns}:webhooks.deleted`, color: 'info' }),
            })
          }
          sx={{ mt: 2 }}
        />
      ) : (
        <Box sx={{ mt: 1.5, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            aria-expanded={showDeliveries}
            aria-controls={deliveriesId}
            onClick={() => setShowDeliveries((shown) => !shown)}
          >
            {showDeliveries ? t('webhooks.hide_deliveries') : t('webhooks.show_deliveries')}
          </Button>
          <Button onClick={() => setConfirming('rotate')}>{t('webhooks.rotate')}</Button>
          <Button color="error" onClick={() => setConfirming('delete')}>
            {t('delete')}
          </Button>
        </Box>
      )}
      {showDeliveries && (
        <Box id={deliveriesId} sx={{ mt: 2 }}>
          <WebhookDeliveries businessId={businessId} webhookId={webhook.id} />
        </Box>
      )}
    </Paper>
  );
}
