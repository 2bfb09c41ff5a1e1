import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { TextInput } from '../../../components/text-input.tsx';
import type { SealData } from '@signet/contracts/business-seals';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/page-frame.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { userBusinessQueryOptions } from '../../../lib/api/get-user-business.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { useSealData, useUpdateSealData } from '../api/seals.ts';

const ns = 'business-seals';
const maxLength = 64;

/** The seal's data: the organisation its certificate names, and the location its stamp shows. */
export function SealDataCard({ businessId, name }: { businessId: string; name: string }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const data = useSealData(businessId, name);
  return (
    <SectionCard id="seal-data" heading={t('data.title')} intro={t('data.text')}>
      {data.isPending ? (
        <PageLoading label={t('detail.loading')} />
      ) : data.isError ? (
        <Alert severity="error" role="alert">
          {errorText(data.error)}
        </Alert>
      ) : (
        <SealDataForm businessId={businessId} name={name} saved={data.data} />
      )}
    </SectionCard>
  );
}

function SealDataForm({ businessId, name, saved }: { businessId: string; name: string; saved: SealData }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const business = useQuery(userBusinessQueryOptions).data;
  const update = useUpdateSealData(businessId, name);
  const [organization, setOrganization] = useState(saved.organization ?? '');
  const [location, setLocation] = useState(saved.location ?? '');
  // An emptied field clears the value: the business's name, or no location.
  const body = { organization: organization.trim() || null, location: location.trim() || null };
  const unchanged = body.organization === saved.organization && body.location === saved.location;
  const serverField = update.isError && isApiError(update.error) ? update.error.field : undefined;
  const fieldError = (field: string) => (serverField?.endsWith(field) ? errorText(update.error) : null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(body, { onSuccess: () => showSnackbar({ message: `${ns}:data.saved`, color: 'success' }) });
  };
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
      <TextInput
        label={t('data.organization')}
        value={organization}
        placeholder={business?.name}
        onChange={(event) => setOrganization(event.target.value)}
        error={Boolean(fieldError('organization'))}
        helperText={
          fieldError('organization') ?? t('data.organization_hint', { business: business?.name ?? '' })
        }
        slotProps={{ htmlInput: { maxLength } }}
      />
      <TextInput
        label={t('data.location')}
        value={location}
        onChange={(event) => setLocation(event.target.value)}
        error={Boolean(fieldError('location'))}
        helperText={fieldError('location') ?? t('data.location_hint')}
        slotProps={{ htmlInput: { maxLength } }}
      />
      {update.isError && !serverField && (
        <Alert severity="error" role="alert">
          {errorText(update.error)}
        </Alert>
      )}
      <Box>
        <Button type="submit" variant="contained" loading={update.isPending} disabled={unchanged}>
          {t('data.save')}
        </Button>
      </Box>
    </Box>
  );
}
