import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BusinessAdminPage } from '../../../components/business-admin-page.tsx';
import { PageLoading } from '../../../components/page-frame.tsx';
import { ButtonLink } from '../../../components/router-links.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { useSeal } from '../api/seals.ts';
import { SealDataCard } from './seal-data-card.tsx';
import { SealImageCard } from './seal-image-card.tsx';
import { SealMembersCard } from './seal-members-card.tsx';
import { SealNameCard } from './seal-name-card.tsx';

const ns = 'business-seals';

/** /business/seals/{accountname}: one seal's name, image, data and the members who may use it. */
export function SealPage() {
  const { t } = useTranslation(ns);
  const { accountname = '' } = useParams({ strict: false }) as { accountname?: string };
  return (
    <BusinessAdminPage
      title={t('detail.title')}
      subtitle={t('detail.account_name', { name: accountname })}
      loadingLabel={t('detail.loading')}
      maxWidth={820}
    >
      {(businessId) => <SealDetail businessId={businessId} name={accountname} />}
    </BusinessAdminPage>
  );
}

function SealDetail({ businessId, name }: { businessId: string; name: string }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const seal = useSeal(businessId, name);
  const back = (
    <Box>
      <ButtonLink to="/business/seals" startIcon={<ArrowBackIcon />} size="small">
        {t('detail.back')}
      </ButtonLink>
    </Box>
  );
  if (seal.isPending) return <PageLoading label={t('detail.loading')} />;
  if (seal.isError)
    return (
      <>
        {back}
        <Alert severity="error" role="alert">
          {isApiError(seal.error) && seal.error.code === 'SEAL_NOT_FOUND'
            ? t('detail.not_found')
            : errorText(seal.error)}
        </Alert>
      </>
    );
  return (
    <>
      {back}
      <Typography variant="h2" sx={{ fontSize: '1.5rem', overflowWrap: 'anywhere' }}>
        {seal.data.displayName}
      </Typography>
      <SealNameCard businessId={businessId} seal={seal.data} />
      <SealImageCard businessId={businessId} seal={seal.data} />
      <SealDataCard businessId={businessId} name={name} />
      <SealMembersCard businessId={businessId} seal={seal.data} />
    </>
  );
}
