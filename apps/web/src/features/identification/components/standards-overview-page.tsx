import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { legislations, type Legislation } from '@signet/contracts/common';
import type { SignatureQualities as SignatureQualitiesDetail } from '../../../lib/api/get-signature-qualities.ts';
import { linkOptions } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CardGrid } from '../../../components/card-grid.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import { useSignatureQualities } from '../../../lib/api/get-signature-qualities.ts';
import { userAccess } from '../../../lib/signing-access.ts';
import { legislationLink, methodLink, signingLink } from '../identification-links.ts';
import { standardState, type StandardState } from '../identification-model.ts';
import { LinkAlert } from './link-alert.tsx';
import { QueryStateFrame } from './query-state-frame.tsx';

const stateColor = { available: 'success', ongoing: 'info', failed: 'error', notStarted: 'default' } as const;

/** One legislation's card: its state and the one way on from there. */
function LegislationCard({
  legislation,
  state,
  sr,
}: {
  legislation: Legislation;
  state: StandardState;
  sr?: string;
}) {
  const { t } = useTranslation('identification');
  const name = t(`legislation.${legislation}`);
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
        {name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t(`legislation_text.${legislation}`)}
      </Typography>
      <Box>
        <Chip color={stateColor[state.kind]} label={t(`state.${state.kind}`)} />
      </Box>
      {state.kind === 'ongoing' && (
        <Typography>
          {t(`kind.${state.way}`)}: {t(`status.${state.status}`)}
        </Typography>
      )}
      {state.kind === 'failed' && state.reason && (
        <Alert severity="warning">{t(`failure.${state.reason}`)}</Alert>
      )}
      <Box sx={{ mt: 'auto' }}>
        {state.kind === 'ongoing' && (
          <ButtonLink variant="contained" {...methodLink(userAccess, legislation, state.way, sr)}>
            {t('overview.continue')}
          </ButtonLink>
        )}
        {(state.kind === 'failed' || state.kind === 'notStarted') && (
          <ButtonLink variant="contained" {...legislationLink(userAccess, legislation, sr)}>
            {state.kind === 'failed'
              ? t('overview.try_again')
              : t('overview.identify', { legislation: name })}
          </ButtonLink>
        )}
      </Box>
    </Paper>
  );
}

/** Both legislations side by side (one column on small screens). */
function LegislationCards({ detail, sr }: { detail: SignatureQualitiesDetail; sr?: string }) {
  return (
    <CardGrid items={legislations} keyOf={(l) => l} columns={{ md: '1fr 1fr' }} maxWidth={900}>
      {(legislation) => (
        <LegislationCard legislation={legislation} state={standardState(detail, legislation)} sr={sr} />
      )}
    </CardGrid>
  );
}

/** /profile/signature-standards: the highest standard and each legislation's identification state. */
export function StandardsOverviewPage({ sr }: { sr?: string }) {
  const { t } = useTranslation('identification');
  const title = t('titles.signature-standards', { ns: 'translation' });
  const qualities = useSignatureQualities();
  if (qualities.isPending || qualities.isError)
    return <QueryStateFrame query={qualities} title={title} subtitle={t('overview.subtitle')} />;
  const detail = qualities.data;
  const back = signingLink(userAccess, sr);
  return (
    <PageFrame title={title} subtitle={t('overview.subtitle')}>
      <Typography sx={{ mb: 2 }}>
        {t('overview.highest')}: <strong>{t(`overview.highest_values.${detail.highestQuality}`)}</strong>
      </Typography>
      {!detail.emailVerified && (
        <LinkAlert
          severity="info"
          maxWidth={900}
          link={linkOptions({ to: '/profile/confirm' })}
          linkText={t('overview.confirm_email')}
        >
          {t('overview.email_first')}
        </LinkAlert>
      )}
      <LegislationCards detail={detail} sr={sr} />
      <Box sx={{ mt: 3, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {back && (
          <ButtonLink variant="contained" {...back}>
            {t('method.back_to_signing')}
          </ButtonLink>
        )}
        <ButtonLink variant="text" to="/profile/signature-standards/legislation" search={sr ? { sr } : {}}>
          {t('overview.choose')}
        </ButtonLink>
        <ButtonLink variant="text" to="/profile/signature-standards/mobile-id">
          {t('overview.mobile_id')}
        </ButtonLink>
      </Box>
    </PageFrame>
  );
}

/**
 * /profile/signature-standards/legislation (which legislation to identify for) and /update (the
 * same choice, reached from a request that needs a standard the person lacks).
 */
export function LegislationChoicePage({ sr, update }: { sr?: string; update?: boolean }) {
  const { t } = useTranslation('identification');
  const title = t(update ? 'titles.standards-update' : 'titles.standards-legislation', { ns: 'translation' });
  const subtitle = t(update ? 'choose.update_subtitle' : 'choose.subtitle');
  const qualities = useSignatureQualities();
  if (qualities.isPending || qualities.isError)
    return <QueryStateFrame query={qualities} title={title} subtitle={subtitle} />;
  return (
    <PageFrame title={title} subtitle={subtitle}>
      <LegislationCards detail={qualities.data} sr={sr} />
    </PageFrame>
  );
}
