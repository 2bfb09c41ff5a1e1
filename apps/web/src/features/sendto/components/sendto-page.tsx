import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { FactList } from '../../../components/fact-list.tsx';
import { PageFrame, PageFrameEmpty, PageFrameLoading } from '../../../components/page-frame.tsx';
import { ButtonLink, ToDashboardLink } from '../../../components/router-links.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useClaimSendTo } from '../api/claim-sendto.ts';
import { useSendTo } from '../api/get-sendto.ts';

/**
 * /sendto/{id}: a visitor's signing link opened by somebody signed in. They may take the signature
 * into their account (claim): it becomes theirs, the link stops working, and they sign as themselves.
 */
export function SendToPage() {
  const { t } = useTranslation(['sendto', 'translation']);
  const { id = '' } = useParams({ strict: false }) as { id?: string };
  const navigate = useNavigate();
  const summary = useSendTo(id);
  const claim = useClaimSendTo(id);
  const [error, setError] = useState<string | null>(null);

  const onClaim = async () => {
    setError(null);
    try {
      const request = await claim.mutateAsync();
      showSnackbar({ message: 'sendto:claimed', color: 'success' });
      await navigate({ to: '/view/$srid', params: { srid: request.id } });
    } catch (cause) {
      const code = isApiError(cause) ? cause.code : '';
      setError(t([`errors.${code}`, 'errors.claim_failed']));
      void summary.refetch();
    }
  };

  if (summary.isPending) return <PageFrameLoading title={t('title')} label={t('loading')} />;
  if (summary.isError) {
    // Unknown, spent, or not a send-to link at all (an old link, a mistyped one): not valid.
    const missing = isApiError(summary.error) && [400, 404].includes(summary.error.statusCode);
    return (
      <PageFrameEmpty
        title={t('title')}
        icon={<ForwardToInboxOutlinedIcon />}
        heading={missing ? t('missing.heading') : t('load_failed')}
        text={missing ? t('missing.text') : t('load_failed_text')}
        action={<ToDashboardLink />}
      />
    );
  }
  const data = summary.data;
  return (
    <PageFrame title={t('title')} subtitle={t('subtitle')}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1, overflowWrap: 'anywhere' }}>
          {data.title}
        </Typography>
        <FactList
          facts={[
            [t('from'), data.owner_name],
            [t('sent_to'), data.signer_email],
            [
              t('status'),
              t(
                `statuses.${data.claimable ? 'open' : data.signature_status === 'OPEN' ? data.status_overall : data.signature_status}`,
              ),
            ],
          ]}
        />
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        {data.claimable ? (
          <>
            <Typography sx={{ mt: 2 }}>{t('explain')}</Typography>
            <Box sx={{ mt: 2, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button variant="contained" onClick={() => void onClaim()} loading={claim.isPending}>
                {t('claim')}
              </Button>
              <ButtonLink to="/dashboard" disabled={claim.isPending}>
                {t('common.cancel', { ns: 'translation' })}
              </ButtonLink>
            </Box>
          </>
        ) : (
          <>
            <Typography sx={{ mt: 2 }}>{t('not_claimable')}</Typography>
            <ToDashboardLink sx={{ mt: 2 }} />
          </>
        )}
      </Paper>
    </PageFrame>
  );
}
