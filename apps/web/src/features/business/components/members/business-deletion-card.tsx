import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { BusinessLifecycle } from '@signet/contracts/business-lifecycle';
import { useTranslation } from 'react-i18next';
import { InlineConfirm } from '../../../../components/inline-confirm.tsx';
import { SectionCard } from '../../../../components/section-card.tsx';
import { showSnackbar } from '../../../../components/snackbar-store.ts';
import { formatDateTime } from '../../../../lib/i18n.ts';
import { useErrorText } from '../../../../lib/server-errors.ts';
import { useRevokeDeletion, useScheduleDeletion } from '../../api/lifecycle.ts';

const ns = 'business';

/**
 * Deleting the business (spec §4): scheduled after a grace period, revocable until then. Lives on
 * the members page until the business settings page exists; it takes only the business and its state.
 */
export function BusinessDeletionCard({
  businessId,
  deletion,
}: {
  businessId: string;
  deletion: BusinessLifecycle['deletion'];
}) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const schedule = useScheduleDeletion(businessId);
  const revoke = useRevokeDeletion(businessId);
  const [confirming, setConfirming] = useState(false);
  const failed = schedule.error ?? revoke.error;
  return (
    <SectionCard id="business-deletion" heading={t('deletion.title')} intro={t('deletion.text')}>
      {deletion ? (
        // The button under the date, not beside it: on a phone the date keeps the width.
        <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }}>
          <Alert severity="warning" sx={{ width: '100%', boxSizing: 'border-box' }}>
            {t('deletion.scheduled', { date: formatDateTime(deletion.dueAt) })}
          </Alert>
          <Button
            variant="outlined"
            loading={revoke.isPending}
            onClick={() =>
              revoke.mutate(undefined, {
                onSuccess: () => showSnackbar({ message: `${ns}:deletion.revoked`, color: 'success' }),
              })
            }
          >
            {t('deletion.revoke')}
          </Button>
        </Box>
      ) : confirming ? (
        <InlineConfirm
          question={t('deletion.confirm')}
          keepLabel={t('deletion.keep')}
          confirmLabel={t('deletion.delete')}
          loading={schedule.isPending}
          onKeep={() => setConfirming(false)}
          onConfirm={() =>
            schedule.mutate(undefined, {
              onSuccess: () => {
                setConfirming(false);
                showSnackbar({ message: `${ns}:deletion.done`, color: 'success' });
              },
            })
          }
        />
      ) : (
        <Box>
          <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
            {t('deletion.delete_business')}
          </Button>
        </Box>
      )}
      {failed && (
        <Alert severity="error" role="alert" sx={{ mt: 1.5 }}>
          {errorText(failed)}
        </Alert>
      )}
    </SectionCard>
  );
}
