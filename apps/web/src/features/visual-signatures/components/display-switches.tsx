import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Controller, type Control } from 'react-hook-form';
import type { Values } from './editor-values.ts';
import { useTranslation } from 'react-i18next';
import type { VisualSignaturePermissions } from '@signet/contracts/accounts';

/** The four switches, and the permission (spec §3 permissions.visualSignatures) that governs each. */
const permissionOf = {
  displayClaim: 'claim',
  displayStandards: 'std',
  displayQr: null,
  displayDate: 'date',
} as const;
export type SwitchName = keyof typeof permissionOf;
const switchNames = Object.keys(permissionOf) as SwitchName[];
const labels: Record<SwitchName, string> = {
  displayClaim: 'form.display_claim',
  displayStandards: 'form.display_standards',
  displayQr: 'form.display_qr',
  displayDate: 'form.display_date',
};

/** The switches the user's business fixes (canUpdate false). */
export function lockedSwitches(permissions: VisualSignaturePermissions): ReadonlySet<SwitchName> {
  return new Set(
    switchNames.filter((name) => {
      const key = permissionOf[name];
      return key !== null && !permissions[key].canUpdate;
    }),
  );
}

/** What the stamp shows; a switch the business fixes is shown disabled, with the reason. */
export function DisplaySwitches({
  control,
  permissions,
}: {
  control: Control<Values>;
  permissions: VisualSignaturePermissions;
}) {
  const { t } = useTranslation('visual-signatures');
  const locked = lockedSwitches(permissions);
  return (
    <FormGroup role="group" aria-labelledby="visual-signature-shows">
      <Typography id="visual-signature-shows" variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {t('form.shows')}
      </Typography>
      {switchNames.map((name) => (
        <Controller
          key={name}
          name={name}
          control={control}
          render={({ field }) => (
            <FormControlLabel
              // A fixed switch says why in its own label, so a screen reader hears it with it.
              label={locked.has(name) ? `${t(labels[name])} (${t('form.locked')})` : t(labels[name])}
              disabled={locked.has(name)}
              control={
                <Switch
                  checked={Boolean(field.value)}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                />
              }
            />
          )}
        />
      ))}
    </FormGroup>
  );
}
