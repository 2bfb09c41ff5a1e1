import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Legislation } from '@signet/contracts/common';
import { useTranslation } from 'react-i18next';
import { openDialog } from '../../../components/dialog-store.ts';
import { PageFrame, PageLoading } from '../../../components/page-frame.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import type { SigningAccess } from '../../../lib/signing-access.ts';
import { useIdentificationPayment } from '../api/get-identification-payment.ts';
import { methodLink, requestOf } from '../identification-links.ts';
import { isOfferedKind, methodsFor, offerOf, type MethodName } from '../identification-model.ts';

/** Who looks (a user or a direct-sign visitor), under which legislation, for which request (`sr`). */
interface MethodsProps {
  access: SigningAccess;
  legislation: Legislation;
  sr?: string;
}

/**
 * Spec §9's ways to identify under a legislation, with whether the sender's business pays for them
 * (the payment call of the request the person identifies for). The ways Signet has no provider for
 * are listed as not offered, so nobody looks for them elsewhere in the app.
 */
export function MethodList({ access, legislation, sr }: MethodsProps) {
  const { t } = useTranslation('identification');
  const requestId = requestOf(access, sr);
  const payment = useIdentificationPayment(access, requestId);
  if (requestId && payment.isPending) return <PageLoading label={t('loading')} />;
  const covered = payment.data?.covered ?? false;
  return (
    <>
      {covered && (
        <Alert severity="success" sx={{ mb: 2, maxWidth: 720 }}>
          {t('methods.covered')}
        </Alert>
      )}
      <Box
        component="ul"
        aria-label={t('methods.list_label')}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, maxWidth: 720 }}
      >
        {offeredFirst(methodsFor(legislation, covered)).map((method) => {
          const offer = offerOf(method);
          const offered = offer !== 'none';
          const chooseLabel = `${t('methods.choose')}: ${t(`kind.${method}`)}`;
          return (
            <Paper
              component="li"
              variant="outlined"
              key={method}
              sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
            >
              <Box sx={{ flex: '1 1 16rem' }}>
                <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
                  {t(`kind.${method}`)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`kind_text.${method}`)}
                </Typography>
              </Box>
              {offered && covered && <Chip color="success" size="small" label={t('methods.covered_chip')} />}
              {isOfferedKind(method) && (
                <ButtonLink
                  variant="contained"
                  {...methodLink(access, legislation, method, sr)}
                  aria-label={chooseLabel}
                >
                  {t('methods.choose')}
                </ButtonLink>
              )}
              {offer === 'id-austria' && (
                <Button
                  variant="contained"
                  aria-label={chooseLabel}
                  onClick={() =>
                    openDialog({
                      namespace: 'general',
                      name: 'connect-id-austria',
                      props: { signatureRequestId: requestId, access },
                    })
                  }
                >
                  {t('methods.choose')}
                </Button>
              )}
              {!offered && <Chip variant="outlined" size="small" label={t('methods.not_offered')} />}
            </Paper>
          );
        })}
      </Box>
    </>
  );
}

/** The ways Signet offers first, then those it only names (keeping each group's order). */
function offeredFirst(methods: readonly MethodName[]): MethodName[] {
  const offered = (method: MethodName) => offerOf(method) !== 'none';
  return [...methods.filter(offered), ...methods.filter((method) => !offered(method))];
}

/** /profile/signature-standards/eidas and /zertes (and the visitor's twins). */
export function MethodsPage(props: MethodsProps) {
  const { t } = useTranslation('identification');
  const legislationName = t(`legislation.${props.legislation}`);
  return (
    <PageFrame title={legislationName} subtitle={t('methods.subtitle', { legislation: legislationName })}>
      <MethodList {...props} />
    </PageFrame>
  );
}
