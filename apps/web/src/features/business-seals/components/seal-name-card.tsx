import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { TextInput } from '../../../components/text-input.tsx';
import type { Seal } from '@signet/contracts/businesses';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { useRenameSeal } from '../api/seals.ts';

const ns = 'business-seals';

/** The seal's display name: the signer's name on what it seals. */
export function SealNameCard({ businessId, seal }: { businessId: string; seal: Seal }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const rename = useRenameSeal(businessId, seal.accountName);
  const [value, setValue] = useState(seal.displayName);
  const [submitted, setSubmitted] = useState(false);
  const problem =
    submitted && !value.trim() ? t('create.required') : rename.isError ? errorText(rename.error) : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!value.trim()) return;
    rename.mutate(value.trim(), {
      onSuccess: () => showSnackbar({ message: `${ns}:name.saved`, color: 'success' }),
    });
  };
  return (
    <SectionCard id="seal-name" heading={t('name.title')} intro={t('name.text')}>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <TextInput
          label={t('name.label')}
          value={value}
          required
          onChange={(event) => {
            setValue(event.target.value);
            rename.reset();
          }}
          error={Boolean(problem)}
          helperText={problem ?? ' '}
          slotProps={{ htmlInput: { maxLength: 64 } }}
          sx={{ flex: '1 1 260px' }}
        />
        <Button
          type="submit"
          variant="contained"
          loading={rename.isPending}
          disabled={value.trim() === seal.displayName}
          sx={{ mt: 1 }}
        >
          {t('name.save')}
        </Button>
      </Box>
    </SectionCard>
  );
}
