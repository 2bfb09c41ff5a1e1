import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import HourglassEmptyOutlinedIcon from '@mui/icons-material/HourglassEmptyOutlined';
import type { BusinessDomain } from '@signet/contracts/business-domains';
import { useTranslation } from 'react-i18next';
import { InlineConfirm } from '../../../components/inline-confirm.tsx';
import { LabelledValue } from '../../../components/labelled-value.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/i18n.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { useRemoveDomain, useVerifyDomain } from '../api/domains.ts';

const ns = 'business-domains';

/** One domain: its state, the DNS record to publish while unverified, and its actions. */
export function DomainCard({ businessId, domain }: { businessId: string; domain: BusinessDomain }) {
  const { t } = useTranslation(ns);
  const headingId = `domain-${domain.domain}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography
          id={headingId}
          variant="h2"
          sx={{ fontSize: '1.1rem', flex: '1 1 auto', overflowWrap: 'anywhere' }}
        >
          {domain.domain}
        </Typography>
        <Chip
          icon={domain.verified ? <VerifiedOutlinedIcon /> : <HourglassEmptyOutlinedIcon />}
          color={domain.verified ? 'success' : 'warning'}
          label={t(domain.verified ? 'status.verified' : 'status.pending')}
          data-testid="domain-status"
        />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {domain.verified && domain.verifiedAt
          ? t('verified_since', { date: formatDateTime(domain.verifiedAt) })
          : domain.checkedAt
            ? t('checked_at', { date: formatDateTime(domain.checkedAt) })
            : t('not_checked')}
      </Typography>
      {!domain.verified && <PendingRecord businessId={businessId} domain={domain} />}
      <RemoveDomain businessId={businessId} domain={domain.domain} />
    </Paper>
  );
}

/** The TXT record to publish, with copy buttons, and "check now". */
function PendingRecord({ businessId, domain }: { businessId: string; domain: BusinessDomain }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const verify = useVerifyDomain(businessId);
  const finding = isApiError(verify.error) ? verify.error.details?.dnsFinding : undefined;
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 1.5 }}>
      <Typography variant="body2">{t('record.intro')}</Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
          gap: 1,
          alignItems: 'center',
        }}
      >
        <LabelledValue label={t('record.type')} value="TXT" />
        <LabelledValue label={t('record.name')} value={domain.txtRecord.name} copy />
        <LabelledValue label={t('record.value')} value={domain.txtRecord.value} copy />
      </Box>
      {verify.isError && (
        <Alert severity={finding ? 'warning' : 'error'} role="alert" sx={{ overflowWrap: 'anywhere' }}>
          {finding ? t(`finding.${finding}`, { name: domain.txtRecord.name }) : errorText(verify.error)}
        </Alert>
      )}
      <Box>
        <Button
          variant="contained"
          loading={verify.isPending}
          onClick={() =>
            verify.mutate(domain.domain, {
              onSuccess: () =>
                showSnackbar({
                  message: `${ns}:verified`,
                  values: { domain: domain.domain },
                  color: 'success',
                }),
            })
          }
        >
          {t('check_now')}
        </Button>
      </Box>
    </Box>
  );
}

/** Remove, after an inline confirmation. */
function RemoveDomain({ businessId, domain }: { businessId: string; domain: string }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const remove = useRemoveDomain(businessId);
  const [confirming, setConfirming] = useState(false);
  if (!confirming)
    return (
      <Box sx={{ mt: 2 }}>
        <Button color="error" onClick={() => setConfirming(true)}>
          {t('remove')}
        </Button>
      </Box>
    );
  return (
    <InlineConfirm
      question={t('remove_confirm', { domain })}
      keepLabel={t('keep')}
      confirmLabel={t('remove_now')}
      loading={remove.isPending}
      error={remove.isError ? errorText(remove.error) : null}
      onKeep={() => setConfirming(false)}
      onConfirm={() =>
        remove.mutate(domain, {
          onSuccess: () => showSnackbar({ message: `${ns}:removed`, values: { domain }, color: 'info' }),
        })
      }
      sx={{ mt: 2 }}
    />
  );
}
