import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ApiUser, ApiUserWithSecret } from '@signet/contracts/business-api-users';
import { useTranslation } from 'react-i18next';
import { InlineConfirm } from '../../../components/inline-confirm.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { formatDateTime } from '../../../lib/i18n.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { useDeleteApiUser, useResetApiUser } from '../api/api-users.ts';

const ns = 'business-api';

/** One API user: its name, description, when it was made and last used; reset and delete. */
export function ApiUserCard({
  businessId,
  apiUser,
  onReset,
}: {
  businessId: string;
  apiUser: ApiUser;
  onReset: (apiUser: ApiUserWithSecret) => void;
}) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const reset = useResetApiUser(businessId);
  const remove = useDeleteApiUser(businessId);
  const [confirming, setConfirming] = useState<'reset' | 'delete' | null>(null);
  const headingId = `api-user-${apiUser.username}`;
  const { username } = apiUser;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography
        id={headingId}
        variant="h3"
        sx={{ fontSize: '1.05rem', fontFamily: 'monospace', overflowWrap: 'anywhere' }}
      >
        {username}
      </Typography>
      {apiUser.description && (
        <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {apiUser.description}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {t('created', { date: formatDateTime(apiUser.createdAt) })}
        {' · '}
        {apiUser.lastUsedAt ? t('last_used', { date: formatDateTime(apiUser.lastUsedAt) }) : t('never_used')}
      </Typography>
      {confirming === 'reset' ? (
        <InlineConfirm
          question={t('reset_confirm', { username })}
          keepLabel={t('keep')}
          confirmLabel={t('reset_now')}
          loading={reset.isPending}
          error={reset.isError ? errorText(reset.error) : null}
          onKeep={() => setConfirming(null)}
          onConfirm={() =>
            reset.mutate(username, {
              onSuccess: (renewed) => {
                setConfirming(null);
                onReset(renewed);
              },
            })
          }
          sx={{ mt: 2 }}
        />
      ) : confirming === 'delete' ? (
        <InlineConfirm
          question={t('delete_confirm', { username })}
          keepLabel={t('keep')}
          confirmLabel={t('delete_now')}
          loading={remove.isPending}
          error={remove.isError ? errorText(remove.error) : null}
          onKeep={() => setConfirming(null)}
          onConfirm={() =>
            remove.mutate(username, {
              onSuccess: () =>
                showSnackbar({ message: `${ns}:deleted`, values: { username }, color: 'info' }),
            })
          }
          sx={{ mt: 2 }}
        />
      ) : (
        <Box sx={{ mt: 1.5, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button onClick={() => setConfirming('reset')}>{t('reset')}</Button>
          <Button color="error" onClick={() => setConfirming('delete')}>
            {t('delete')}
          </Button>
        </Box>
      )}
    </Paper>
  );
}
