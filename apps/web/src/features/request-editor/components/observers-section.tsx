import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { TextInput } from '../../../components/text-input.tsx';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { errorText, type EditorForm } from '../editor-form.ts';
import { useEditorTranslation } from '../use-editor-translation.ts';
import { SectionCard } from '../../../components/section-card.tsx';

/** The observers: addresses that follow the request without signing. */
export function ObserversSection() {
  const { t } = useEditorTranslation();
  const { control, register, formState } = useFormContext<EditorForm>();
  const observers = useFieldArray({ control, name: 'observers', keyName: 'fieldKey' });
  return (
    <SectionCard id="editor-observers" heading={t('observers.heading')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('observers.help')}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, mb: 2 }}>
        {observers.fields.map((field, index) => (
          <Box key={field.fieldKey} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextInput
              fullWidth
              type="email"
              label={t('observers.email', { number: index + 1 })}
              {...register(`observers.${index}.email`)}
              error={Boolean(formState.errors.observers?.[index]?.email)}
              helperText={errorText(t, formState.errors.observers?.[index]?.email?.message)}
            />
            <IconButton
              onClick={() => observers.remove(index)}
              aria-label={t('observers.remove', { number: index + 1 })}
              sx={{ mt: 1 }}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Box>
        ))}
      </Box>
      <Button variant="outlined" onClick={() => observers.append({ email: '' })}>
        {t('observers.add')}
      </Button>
    </SectionCard>
  );
}
