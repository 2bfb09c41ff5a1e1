import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Legislation } from '@signet/contracts/common';
import type { IdentificationKind, IdentificationState } from '@signet/contracts/identification';
import { useTranslation } from 'react-i18next';
import { openDialog } from '../../../components/dialog-store.ts';
import { FactList } from '../../../components/fact-list.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { ButtonLink, TextLink } from '../../../components/router-links.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import type { SigningAccess } from '../../../lib/signing-access.ts';
import { useCancelIdentification } from '../api/cancel-identification.ts';
import { useIdentification } from '../api/get-identification.ts';
import { useStartIdentification } from '../api/start-identification.ts';
import { overviewLink, personalDetailsLink, requestOf, signingLink } from '../identification-links.ts';
import { isUnderWay } from '../identification-model.ts';
import { usePerson } from '../use-person.ts';
import { QueryStateFrame } from './query-state-frame.tsx';

const statusColor = {
  initialized: 'info',
  inprogress: 'info',
  activatingQES: 'success',
  failure: 'error',
} as const;

/**
 * One way to identify under one legislation (eidas/self, eidas/video, zertes/auto, zertes/video):
 * its state, and start, continue at the provider, or cancel. The page asks again while the
 * identification is under way, so coming back from the provider shows the outcome by itself.
 */
export function IdentificationMethodPage({
  access,
  legislation,
  kind,
  sr,
}: {
  access: SigningAccess;
  legislation: Legislation;
  kind: IdentificationKind;
  sr?: string;
}) {
  const { t } = useTranslation('identification');
  const target = { access, legislation, kind };
  const identification = useIdentification(target);
  const start = useStartIdentification(target);
  const cancel = useCancelIdentification(target);
  const person = usePerson(access);
  const [error, setError] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const requestId = requestOf(access, sr);
  const title = `${t(`kind.${kind}`)} · ${t(`legislation.${legislation}`)}`;

  const failed = (cause: unknown) => {
    const code = isApiError(cause) ? cause.code : 'generic';
    setError(t([`method.errors.${code}`, 'method.errors.generic']));
  };
  const onStart = () => {
    setError(null);
    start.mutate(requestId, {
      onSuccess: (state) => {
        if (state.url) window.location.assign(state.url);
      },
      onError: failed,
    });
  };
  // ZertES checks the document against the person's details exactly: they confirm them first.
  const askThenStart = () =>
    legislation === 'zertes'
      ? openDialog({
          namespace: 'document',
          name: 'supply-eid-data',
          props: { name: person?.name ?? '', details: personalDetailsLink(access, sr) },
          onAction: (action) => (action === 'confirm' ? onStart() : undefined),
        })
      : onStart();
  const onCancel = async () => {
    setConfirmCancel(false);
    setError(null);
    try {
      await cancel.mutateAsync();
      showSnackbar({ message: 'identification:method.cancelled', color: 'info' });
    } catch (cause) {
      failed(cause);
    }
  };

  if (identification.isPending || identification.isError)
    return <QueryStateFrame query={identification} title={title} />;
  const state = identification.data;
  const back = signingLink(access, requestId);
  return (
    <PageFrame title={title} subtitle={t(`kind_text.${kind}`)}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
        <Box
          role="status"
          aria-live="polite"
          sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Chip
            color={state.status ? statusColor[state.status] : 'default'}
            label={state.status ? t(`status.${state.status}`) : t('state.notStarted')}
          />
          {isUnderWay(state) && (
            <Typography variant="body2" color="text.secondary">
              {t('method.checking')}
            </Typography>
          )}
        </Box>
        {state.status === 'failure' && state.failureReason && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t(`failure.${state.failureReason}`)}
          </Alert>
        )}
        {state.verified && <Verified state={state} />}
        {!state.verified && person && (
          <Typography sx={{ mt: 2 }}>
            {t('method.name_checked', { name: person.name })}{' '}
            {legislation === 'zertes' && (
              <TextLink {...personalDetailsLink(access, sr)}>{t('method.name_wrong')}</TextLink>
            )}
          </Typography>
        )}
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        {confirmCancel && isUnderWay(state) && (
          <Alert
            severity="warning"
            sx={{ mt: 2 }}
            action={
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Button color="inherit" size="small" onClick={() => setConfirmCancel(false)} autoFocus>
                  {t('method.keep')}
                </Button>
                <Button color="error" size="small" variant="outlined" onClick={() => void onCancel()}>
                  {t('method.cancel_yes')}
                </Button>
              </Box>
            }
          >
            {t('method.cancel_confirm')}
          </Alert>
        )}
        <Box sx={{ mt: 3, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {isUnderWay(state) && state.url && (
            <Button variant="contained" href={state.url}>
              {t('method.continue')}
            </Button>
          )}
          {isUnderWay(state) && (
            <Button color="error" onClick={() => setConfirmCancel(true)} loading={cancel.isPending}>
              {t('method.cancel')}
            </Button>
          )}
          {(state.status === null || state.status === 'failure') && (
            <Button variant="contained" onClick={askThenStart} loading={start.isPending}>
              {state.status === null ? t('method.start') : t('method.restart')}
            </Button>
          )}
          {state.status === 'activatingQES' && back && (
            <ButtonLink variant="contained" {...back}>
              {t('method.back_to_signing')}
            </ButtonLink>
          )}
          <ButtonLink variant="outlined" {...overviewLink(access, sr)}>
            {t('method.to_overview')}
          </ButtonLink>
        </Box>
        {(state.status === null || state.status === 'failure') && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t('method.leaving')}
          </Typography>
        )}
      </Paper>
    </PageFrame>
  );
}

/** What the provider confirmed, shown to the identified person only. */
function Verified({ state }: { state: IdentificationState }) {
  const { t } = useTranslation('identification');
  const verified = state.verified!;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('method.verified')}
      </Typography>
      <FactList
        facts={[
          [t('method.first_name'), verified.firstName],
          [t('method.last_name'), verified.lastName],
          [t('method.birth_date'), verified.birthDate],
          [t('method.document'), t([`documents.${verified.documentType}`, 'documents.other'])],
          [t('method.document_expiry'), verified.documentExpiry],
        ]}
      />
    </Box>
  );
}
