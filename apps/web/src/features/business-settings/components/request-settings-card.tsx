import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { TextInput } from '../../../components/text-input.tsx';
import { useTranslation } from 'react-i18next';
import { openDialog } from '../../../components/dialog-store.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { RetentionDeletions } from './retention-deletions.tsx';
import { SettingSwitch, useSaveSettings, type SettingsCardProps } from './setting-switch.tsx';

const ns = 'business-settings';
/** The API's bounds of retention.terminalState (days). */
const minDays = 1;
const maxDays = 3650;

/** Part 11 for the members' requests, and automatic deletion of finished requests. */
export function RequestSettingsCard({ businessId, settings }: SettingsCardProps) {
  const { t } = useTranslation(ns);
  const { update, save, errorText } = useSaveSettings(businessId);
  const { part11, retention } = settings.signatureRequests;
  const [days, setDays] = useState(String(retention.terminalState));
  const daysValid = /^\d+$/.test(days.trim()) && Number(days) >= minDays && Number(days) <= maxDays;

  // Switching deletion on or off is confirmed first (spec §2 auto-deletion dialogs).
  const toggleRetention = (enabled: boolean) =>
    openDialog({
      namespace: 'general',
      name: enabled ? 'activate-auto-deletion' : 'deactivate-auto-deletion',
      onAction: async (action) => {
        if (action !== 'apply') return;
        await update.mutateAsync({ signatureRequests: { retention: { enabled } } });
        showSnackbar({ message: `${ns}:saved`, color: 'success' });
      },
    });
  const saveDays = (event: FormEvent) => {
    event.preventDefault();
    if (!daysValid) return;
    save({ signatureRequests: { retention: { terminalState: Number(days) } } });
  };

  return (
    <SectionCard
      id="request-settings"
      heading={t('requests.heading')}
      intro={t('requests.intro')}
      headingSpace={2}
    >
      <SettingSwitch
        id="part11"
        label={t('requests.part11')}
        help={t('requests.part11_help')}
        checked={part11.enabled}
        disabled={update.isPending}
        onChange={(enabled) => save({ signatureRequests: { part11: { enabled } } })}
      />
      <SettingSwitch
        id="retention"
        label={t('requests.retention')}
        help={t('requests.retention_help', { count: retention.terminalState })}
        checked={retention.enabled}
        disabled={update.isPending}
        onChange={toggleRetention}
      />
      <Box
        component="form"
        noValidate
        onSubmit={saveDays}
        sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap', mt: 1 }}
      >
        <TextInput
          label={t('requests.days')}
          value={days}
          onChange={(event) => setDays(event.target.value)}
          error={!daysValid}
          helperText={t(daysValid ? 'requests.days_help' : 'requests.days_range', {
            min: minDays,
            max: maxDays,
          })}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ flex: '0 1 260px' }}
        />
        <Button type="submit" variant="outlined" disabled={!daysValid} sx={{ mt: 1 }}>
          {t('requests.save_days')}
        </Button>
      </Box>
      {update.isError && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {errorText(update.error)}
        </Alert>
      )}
      <RetentionDeletions businessId={businessId} />
    </SectionCard>
  );
}
