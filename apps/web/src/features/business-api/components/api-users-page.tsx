import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { TextInput } from '../../../components/text-input.tsx';
import Typography from '@mui/material/Typography';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import OpenInNewOutlinedIcon from '@mui/icons-material/OpenInNewOutlined';
import { apiUsernamePattern, type ApiUserWithSecret } from '@signet/contracts/business-api-users';
import { useTranslation } from 'react-i18next';
import { BusinessAdminPage } from '../../../components/business-admin-page.tsx';
import { EmptyState, PageLoading } from '../../../components/page-frame.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { useApiUsers } from '../../../lib/api/business-api-users.ts';
import { useCreateApiUser } from '../api/api-users.ts';
import { ApiUserCard } from './api-user-card.tsx';
import { EmbedOriginsCard } from './embed-origins-card.tsx';
import { NewSecret } from './new-secret.tsx';
import { QuickStart } from './quick-start.tsx';
import { WebhooksSection } from './webhooks-section.tsx';

const ns = 'business-api';

/**
 * /business/developers/api: the business's API users (machines that call Signet for the business),
 * a quick start with curl lines for this installation, the origins that may embed signing, and the
 * interactive API docs.
 */
export function ApiUsersPage() {
  const { t } = useTranslation(ns);
  return (
    <BusinessAdminPage title={t('title')} subtitle={t('subtitle')} loadingLabel={t('loading')} maxWidth={860}>
      {(businessId) => <ApiUsers businessId={businessId} />}
    </BusinessAdminPage>
  );
}

function ApiUsers({ businessId }: { businessId: string }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const apiUsers = useApiUsers(businessId);
  // The secret of the last create or reset: in memory only, gone once dismissed or the page left.
  const [fresh, setFresh] = useState<ApiUserWithSecret | null>(null);
  return (
    <>
      {fresh && (
        <NewSecret
          title={t('secret.title', { username: fresh.username })}
          secret={fresh.secret}
          onDone={() => setFresh(null)}
        />
      )}
      <CreateApiUserForm businessId={businessId} onCreated={setFresh} />
      <SectionCard id="api-users" heading={t('list.title')}>
        {apiUsers.isPending ? (
          <PageLoading label={t('loading')} />
        ) : apiUsers.isError ? (
          <Alert severity="error" role="alert">
            {errorText(apiUsers.error)}
          </Alert>
        ) : apiUsers.data.length === 0 ? (
          <EmptyState icon={<KeyOutlinedIcon />} heading={t('empty.heading')} text={t('empty.text')} />
        ) : (
          <Box
            component="ul"
            aria-label={t('list.label')}
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}
          >
            {apiUsers.data.map((apiUser) => (
              <Box component="li" key={apiUser.username} sx={{ minWidth: 0 }}>
                <ApiUserCard businessId={businessId} apiUser={apiUser} onReset={setFresh} />
              </Box>
            ))}
          </Box>
        )}
      </SectionCard>
      <QuickStart username={fresh?.username ?? apiUsers.data?.[0]?.username ?? 'api-backoffice'} />
      <WebhooksSection businessId={businessId} />
      <EmbedOriginsCard businessId={businessId} />
      <Typography>
        <Link href="/api/docs" target="_blank" rel="noopener" sx={{ display: 'inline-flex', gap: 0.5 }}>
          {t('docs_link')}
          <OpenInNewOutlinedIcon fontSize="small" aria-hidden />
        </Link>
      </Typography>
    </>
  );
}

function CreateApiUserForm({
  businessId,
  onCreated,
}: {
  businessId: string;
  onCreated: (apiUser: ApiUserWithSecret) => void;
}) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const create = useCreateApiUser(businessId);
  const [name, setName] = useState('api-');
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  const username = name.trim().toLowerCase();
  const localProblem = apiUsernamePattern.test(username) ? null : t('form.invalid');
  const serverProblem = create.isError && isApiError(create.error) ? errorText(create.error) : null;
  const problem = touched ? (localProblem ?? serverProblem) : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (localProblem) return;
    create.mutate(
      { username, description: description.trim() },
      {
        onSuccess: (created) => {
          setName('api-');
          setDescription('');
          setTouched(false);
          onCreated(created);
        },
      },
    );
  };
  return (
    <SectionCard id="create-api-user" heading={t('form.title')} intro={t('form.text')}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
        <TextInput
          label={t('form.username')}
          value={name}
          required
          onChange={(event) => {
            setName(event.target.value);
            create.reset();
          }}
          onBlur={() => setTouched(name !== 'api-')}
          error={Boolean(problem)}
          helperText={problem ?? t('form.hint')}
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, maxLength: 44 } }}
        />
        <TextInput
          label={t('form.description')}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          helperText={t('form.description_hint')}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Box>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {t('form.create')}
          </Button>
        </Box>
      </Box>
    </SectionCard>
  );
}
