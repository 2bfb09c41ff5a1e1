import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { TextInput } from '../../../components/text-input.tsx';
import { useNavigate } from '@tanstack/react-router';
import { SealAccountName } from '@signet/contracts/businesses';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { useCreateSeal } from '../api/seals.ts';

const ns = 'business-seals';

/** Creates a seal from its account name and display name, then opens it. */
export function CreateSealForm({ businessId }: { businessId: string }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const navigate = useNavigate();
  const create = useCreateSeal(businessId);
  const [accountName, setAccountName] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const accountProblem = !accountName.trim()
    ? t('create.required')
    : !SealAccountName.safeParse(accountName).success
      ? t('create.account_name_invalid')
      : null;
  const displayProblem = !displayName.trim() ? t('create.required') : null;
  // The server names the field it refuses (a taken account name, say).
  const serverField = create.isError && isApiError(create.error) ? create.error.field : null;
  const serverText = create.isError ? errorText(create.error) : null;
  const accountError = submitted
    ? (accountProblem ?? (serverField?.endsWith('accountName') ? serverText : null))
    : null;
  const displayError = submitted
    ? (displayProblem ?? (serverField?.endsWith('displayName') ? serverText : null))
    : null;
  const otherError = serverText && !accountError && !displayError ? serverText : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (accountProblem || displayProblem) return;
    create.mutate(
      { accountName: accountName.trim(), displayName: displayName.trim() },
      {
        onSuccess: (seal) => {
          showSnackbar({
            message: `${ns}:create.created`,
            values: { name: seal.displayName },
            color: 'success',
          });
          void navigate({ to: '/business/seals/$accountname', params: { accountname: seal.accountName } });
        },
      },
    );
  };
  return (
    <SectionCard id="create-seal" heading={t('create.title')} intro={t('create.text')}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <TextInput
            label={t('create.account_name')}
            value={accountName}
            required
            onChange={(event) => {
              setAccountName(event.target.value);
              create.reset();
            }}
            error={Boolean(accountError)}
            helperText={accountError ?? t('create.account_name_hint')}
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, maxLength: 63 } }}
            sx={{ flex: '1 1 240px' }}
          />
          <TextInput
            label={t('create.display_name')}
            value={displayName}
            required
            onChange={(event) => {
              setDisplayName(event.target.value);
              create.reset();
            }}
            error={Boolean(displayError)}
            helperText={displayError ?? t('create.display_name_hint')}
            slotProps={{ htmlInput: { maxLength: 64 } }}
            sx={{ flex: '1 1 240px' }}
          />
        </Box>
        {otherError && (
          <Box role="alert" sx={{ color: 'error.main' }}>
            {otherError}
          </Box>
        )}
        <Box>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {t('create.submit')}
          </Button>
        </Box>
      </Box>
    </SectionCard>
  );
}
