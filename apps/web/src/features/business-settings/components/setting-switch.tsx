import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import type { BusinessSettings, UpdateBusinessSettingsBody } from '@signet/contracts/businesses';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { useUpdateSettings } from '../../../lib/api/business-settings.ts';

const ns = 'business-settings';

/**
 * One on/off setting with its explanation, read by screen readers with the switch
 * (aria-describedby). `onChange` saves at once; the switch is disabled while that runs.
 */
export function SettingSwitch({
  id,
  label,
  help,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  help: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Box sx={{ mb: 1.5 }}>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            disabled={disabled}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': `${id}-help` } }}
          />
        }
        label={label}
      />
      <Typography id={`${id}-help`} variant="body2" color="text.secondary" sx={{ ml: { xs: 0, sm: 6 } }}>
        {help}
      </Typography>
    </Box>
  );
}

/** What a card of the settings page gets: the business and its settings as last read. */
export interface SettingsCardProps {
  businessId: string;
  settings: BusinessSettings;
}

/** Saves part of the settings and says so; `errorText` words a failure. */
export function useSaveSettings(businessId: string) {
  const errorText = useErrorText([ns]);
  const update = useUpdateSettings(businessId);
  const save = (body: UpdateBusinessSettingsBody) =>
    update.mutate(body, { onSuccess: () => showSnackbar({ message: `${ns}:saved`, color: 'success' }) });
  return { update, save, errorText };
}
