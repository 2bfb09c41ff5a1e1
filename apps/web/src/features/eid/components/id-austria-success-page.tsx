import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate } from '../../../lib/i18n.ts';
import { FactList } from '../../../components/fact-list.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import { takeEidAnswer } from '../../../lib/eid-answer.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import type { SigningAccess } from '../../../lib/signing-access.ts';
import { useFinishIdAustria, useStartIdAustria } from '../api/id-austria.ts';

/**
 * /profile/signature-standards/id-austria-success and /direct-sign/identification/id-austria-success:
 * ID Austria sent the browser back. The answer is redeemed once and stored as eIDAS evidence; the
 * page says what the person may now do, and leads back to the request they identified for.
 */
export function IdAustriaSuccessPage({ access }: { access: SigningAccess }) {
  const { t } = useTranslation('eid');
  const [answer] = useState(takeEidAnswer);
  const finish = useFinishIdAustria(access, answer);
  const queryClient = useQueryClient();
  const [refreshed, setRefreshed] = useState(false);
  if (finish.data && !refreshed) {
    setRefreshed(true);
    // The qualities the person may sign with changed.
    void queryClient.invalidateQueries({ queryKey: ['user'] });
  }

  if (!answer || finish.isError)
    return (
      <PageFrame title={t(answer ? 'success.failed_title' : 'success.connect_title')}>
        <Failed access={access} error={answer ? finish.error : null} />
      </PageFrame>
    );
  if (!finish.data)
    return (
      <PageFrame title={t('success.title')}>
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
          <CircularProgress size={24} aria-hidden="true" />
          <Typography>{t('success.checking')}</Typography>
        </Box>
      </PageFrame>
    );
  const { verified, qesAvailable, signatureRequestId } = finish.data;
  const birthDate = formatCalendarDate(verified.birthDate);
  return (
    <PageFrame title={t('success.title')}>
      <Box sx={{ maxWidth: 640, display: 'flex', flexDirection: 'column', gap: 3 }}>
        <Alert
          severity={qesAvailable ? 'success' : 'warning'}
          icon={qesAvailable ? <VerifiedUserOutlinedIcon /> : undefined}
          role="status"
        >
          {qesAvailable
            ? t('success.qes_available')
            : t('success.name_mismatch', { name: `${verified.firstName} ${verified.lastName}` })}
        </Alert>
        <Box sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}>
          <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
            {t('success.verified_heading')}
          </Typography>
          <FactList
            facts={[
              [t('success.first_name'), verified.firstName],
              [t('success.last_name'), verified.lastName],
              [t('success.birth_date'), birthDate],
            ]}
          />
        </Box>
        <Box>
          <BackLink access={access} signatureRequestId={signatureRequestId} />
        </Box>
      </Box>
    </PageFrame>
  );
}

/** Back to the request the person identified for, else to their signature standards. */
function BackLink({
  access,
  signatureRequestId,
}: {
  access: SigningAccess;
  signatureRequestId: string | null;
}) {
  const { t } = useTranslation('eid');
  if (access.kind === 'direct')
    return (
      <ButtonLink
        to="/view/$id/$userid"
        params={{ id: access.requestId, userid: access.signerId }}
        variant="contained"
      >
        {t('success.back_to_document')}
      </ButtonLink>
    );
  if (signatureRequestId)
    return (
      <ButtonLink to="/view/$srid" params={{ srid: signatureRequestId }} variant="contained">
        {t('success.back_to_document')}
      </ButtonLink>
    );
  return (
    <ButtonLink to="/profile/signature-standards" variant="contained">
      {t('success.to_standards')}
    </ButtonLink>
  );
}

/** The login did not count (or there is no answer to redeem): say why, and offer to start again. */
function Failed({ access, error }: { access: SigningAccess; error: unknown }) {
  const { t } = useTranslation('eid');
  const errorText = useErrorText();
  const start = useStartIdAustria(access);
  const [leaving, setLeaving] = useState(false);
  const again = async () => {
    const { url } = await start.mutateAsync(access.kind === 'direct' ? access.requestId : undefined);
    setLeaving(true);
    window.location.assign(url);
  };
  return (
    <Box sx={{ maxWidth: 640, display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
      {error ? (
        <Alert severity="error" role="alert" sx={{ alignSelf: 'stretch' }}>
          {errorText(error)}
        </Alert>
      ) : (
        <Typography color="text.secondary">{t('success.no_answer')}</Typography>
      )}
      {start.isError && (
        <Alert severity="error" role="alert" sx={{ alignSelf: 'stretch' }}>
          {errorText(start.error)}
        </Alert>
      )}
      <Button
        variant="contained"
        loading={start.isPending || leaving}
        onClick={() => void again().catch(() => undefined)}
      >
        {t(error ? 'success.again' : 'success.connect')}
      </Button>
    </Box>
  );
}

/** A visitor's page without the signing link's credentials in this tab (opened elsewhere, or expired). */
export function MissingSigningLink() {
  const { t } = useTranslation('eid');
  return (
    <PageFrame title={t('success.failed_title')}>
      <Alert severity="error" role="alert" sx={{ maxWidth: 640 }}>
        {t('success.no_link')}
      </Alert>
    </PageFrame>
  );
}
