import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { TextInput } from '../../../components/text-input.tsx';
import { EmbedOrigin, maxEmbedOrigins } from '@signet/contracts/businesses';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/page-frame.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { useBusinessSettings, useUpdateSettings } from '../../../lib/api/business-settings.ts';
import { useErrorText } from '../../../lib/server-errors.ts';

const ns = 'business-api';

/** The non-blank lines of the field: one origin each. */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * settings.embedOrigins: the web origins (one per line) whose pages may frame the signing page of
 * the business's requests made with `embed`. Checked here as the server checks them, line by line.
 */
export function EmbedOriginsCard({ businessId }: { businessId: string }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const settings = useBusinessSettings(businessId);
  const saved = settings.data?.embedOrigins.join('\n') ?? '';
  return (
    <SectionCard id="embed-origins" heading={t('embed.title')} intro={t('embed.text')}>
      {settings.isPending ? (
        <PageLoading label={t('embed.loading')} />
      ) : settings.isError ? (
        <Alert severity="error" role="alert">
          {errorText(settings.error)}
        </Alert>
      ) : (
        // A new form for what was saved (the server writes origins as browsers do).
        <EmbedOriginsForm key={saved} businessId={businessId} saved={saved} />
      )}
    </SectionCard>
  );
}

function EmbedOriginsForm({ businessId, saved }: { businessId: string; saved: string }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const update = useUpdateSettings(businessId);
  const [value, setValue] = useState(saved);
  const lines = linesOf(value);
  const badLine = lines.findIndex((line) => !EmbedOrigin.safeParse(line).success);
  const problem =
    badLine >= 0
      ? t('embed.invalid', { line: badLine + 1, value: lines[badLine] })
      : lines.length > maxEmbedOrigins
        ? t('embed.too_many', { count: maxEmbedOrigins })
        : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    // Not mutate's onSuccess: the saved origins remount this form before that would run.
    update
      .mutateAsync({ embedOrigins: lines })
      .then(() => showSnackbar({ message: `${ns}:embed.saved`, color: 'success' }))
      .catch(() => undefined); // shown below through update.error
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
      <TextInput
        label={t('embed.label')}
        value={value}
        multiline
        minRows={3}
        onChange={(event) => {
          setValue(event.target.value);
          update.reset();
        }}
        error={Boolean(problem)}
        helperText={problem ?? t('embed.hint')}
        placeholder="https://portal.example.com"
        slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
      />
      {update.isError && (
        <Alert severity="error" role="alert">
          {errorText(update.error)}
        </Alert>
      )}
      <Box>
        <Button type="submit" variant="contained" loading={update.isPending} disabled={Boolean(problem)}>
          {t('embed.save')}
        </Button>
      </Box>
    </Box>
  );
}
