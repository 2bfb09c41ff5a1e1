import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateValidation } from '../lib/validation.ts';

/** A form's yes/no field (accepted terms, an agreement) with its label and the rule's message. */
export function CheckboxField<T extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<T>;
  name: Path<T>;
  label: ReactNode;
}) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  return (
    <Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={Boolean(field.value)}
            onChange={(event) => field.onChange(event.target.checked)}
            slotProps={{ input: { ref: field.ref } }}
          />
        }
        label={label}
      />
      {fieldState.error && (
        <FormHelperText error>{translateValidation(t, fieldState.error.message)}</FormHelperText>
      )}
    </Box>
  );
}
