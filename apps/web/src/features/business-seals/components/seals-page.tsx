import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import type { SealSummary } from '@signet/contracts/businesses';
import { useTranslation } from 'react-i18next';
import { BusinessAdminPage } from '../../../components/business-admin-page.tsx';
import { EmptyState, PageLoading } from '../../../components/page-frame.tsx';
import { ListItemButtonLink } from '../../../components/menu-links.tsx';
import { useErrorText } from '../../../lib/server-errors.ts';
import { useSealImage, useSeals } from '../api/seals.ts';
import { CreateSealForm } from './create-seal-form.tsx';

const ns = 'business-seals';

/** /business/seals: the business's seals, and a form to create one. */
export function SealsPage() {
  const { t } = useTranslation(ns);
  return (
    <BusinessAdminPage title={t('title')} subtitle={t('subtitle')} loadingLabel={t('loading')} maxWidth={820}>
      {(businessId) => <Seals businessId={businessId} />}
    </BusinessAdminPage>
  );
}

function Seals({ businessId }: { businessId: string }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const seals = useSeals(businessId);
  return (
    <>
      <CreateSealForm businessId={businessId} />
      {seals.isPending ? (
        <PageLoading label={t('loading')} />
      ) : seals.isError ? (
        <Alert severity="error" role="alert">
          {errorText(seals.error)}
        </Alert>
      ) : seals.data.length === 0 ? (
        <EmptyState icon={<VerifiedOutlinedIcon />} heading={t('empty.heading')} text={t('empty.text')} />
      ) : (
        <Paper variant="outlined">
          <List aria-label={t('list_label')} disablePadding>
            {seals.data.map((seal) => (
              <SealRow key={seal.accountName} businessId={businessId} seal={seal} />
            ))}
          </List>
        </Paper>
      )}
    </>
  );
}

function SealRow({ businessId, seal }: { businessId: string; seal: SealSummary }) {
  const { t } = useTranslation(ns);
  const image = useSealImage(businessId, seal.accountName, seal.hasImage);
  return (
    <ListItem disablePadding divider>
      <ListItemButtonLink to="/business/seals/$accountname" params={{ accountname: seal.accountName }}>
        <ListItemAvatar>
          <Avatar
            variant="rounded"
            src={image.url ?? undefined}
            alt=""
            sx={{ bgcolor: 'background.default', color: 'primary.main', '& img': { objectFit: 'contain' } }}
          >
            <VerifiedOutlinedIcon />
          </Avatar>
        </ListItemAvatar>
        <ListItemText
          primary={seal.displayName}
          secondary={[
            seal.accountName,
            t('members_count', { count: seal.nMembers }),
            ...(seal.nApi > 0 ? [t('api_count', { count: seal.nApi })] : []),
          ].join(' · ')}
          slotProps={{
            primary: { sx: { fontWeight: 600 } },
            secondary: { sx: { overflowWrap: 'anywhere' } },
          }}
        />
      </ListItemButtonLink>
    </ListItem>
  );
}
