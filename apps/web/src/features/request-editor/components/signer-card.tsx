import { useDeferredValue, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { TextInput } from '../../../components/text-input.tsx';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { selectOptions } from '../../../components/select-options.tsx';
import { useEditorTranslation } from '../use-editor-translation.ts';
import { languages } from '@signet/contracts/common';
import { useEmailAutocomplete } from '../api/get-email-autocomplete.ts';
import { errorText, qualities, type EditorForm, type Quality, type SignerForm } from '../editor-form.ts';

function AccountEmailField({ index }: { index: number }) {
  const { t } = useEditorTranslation();
  const { control } = useFormContext<EditorForm>();
  const [typed, setTyped] = useState('');
  const query = useDeferredValue(typed);
  const suggestions = useEmailAutocomplete(query, query.trim().length > 0);
  return (
    <Controller
      control={control}
      name={`signers.${index}.accountEmail`}
      render={({ field, fieldState }) => (
        <Autocomplete
          freeSolo
          options={suggestions.data ?? []}
          filterOptions={(options) => options}
          inputValue={field.value}
          onInputChange={(_event, value) => {
            field.onChange(value);
            setTyped(value);
          }}
          onChange={(_event, value) => field.onChange(value ?? '')}
          renderInput={(params) => (
            <TextInput
              {...params}
              inputRef={field.ref}
              onBlur={field.onBlur}
              required
              type="email"
              autoComplete="off"
              label={t('signer.account_email')}
              error={Boolean(fieldState.error)}
              helperText={errorText(t, fieldState.error?.message) ?? t('signer.account_email_help')}
            />
          )}
        />
      )}
    />
  );
}

function SignerTextField({
  index,
  name,
  label,
  type = 'text',
  required,
  autoComplete,
}: {
  index: number;
  name: 'email' | 'firstName' | 'lastName' | 'mobile';
  label: string;
  type?: string;
  required?: boolean;
  autoComplete?: string;
}) {
  const { t } = useEditorTranslation();
  const { control } = useFormContext<EditorForm>();
  return (
    <Controller
      control={control}
      name={`signers.${index}.${name}`}
      render={({ field, fieldState }) => (
        <TextInput
          {...field}
          inputRef={field.ref}
          label={label}
          type={type}
          required={required}
          autoComplete={autoComplete}
          error={Boolean(fieldState.error)}
          helperText={errorText(t, fieldState.error?.message)}
        />
      )}
    />
  );
}

/** One signer: an account holder by e-mail, or a visitor by identity data; quality; their box. */
export function SignerCard({
  index,
  count,
  color,
  signingOrder,
  requestQuality,
  onRemove,
  onMove,
  onChooseQuality,
  onPlace,
  onUnplace,
  pageCountOf,
}: {
  index: number;
  count: number;
  color: string;
  signingOrder: boolean;
  requestQuality: Quality;
  onRemove: () => void;
  onMove: (to: number) => void;
  onChooseQuality: (quality: Quality | '') => void;
  onPlace: () => void;
  onUnplace: () => void;
  pageCountOf: (documentId: string) => number;
}) {
  const { t } = useEditorTranslation();
  const { control, setValue, formState } = useFormContext<EditorForm>();
  const signer = useWatch({ control, name: `signers.${index}` }) as SignerForm;
  const placementError = formState.errors.signers?.[index]?.placements;
  const heading = t('signer.heading', { number: index + 1 });
  const placed = signer.placements[0];
  return (
    <Paper
      variant="outlined"
      component="li"
      aria-label={heading}
      sx={{ p: { xs: 1.5, sm: 2 }, listStyle: 'none', borderLeft: 6, borderLeftColor: color }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 600, flex: 1 }}>
          {heading}
        </Typography>
        {signingOrder && (
          <>
            <IconButton
              size="small"
              disabled={index === 0}
              onClick={() => onMove(index - 1)}
              aria-label={t('signer.move_up', { number: index + 1 })}
            >
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              disabled={index === count - 1}
              onClick={() => onMove(index + 1)}
              aria-label={t('signer.move_down', { number: index + 1 })}
            >
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
          </>
        )}
        <IconButton size="small" onClick={onRemove} aria-label={t('signer.remove', { number: index + 1 })}>
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Box>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={signer.kind}
        onChange={(_event, kind: SignerForm['kind'] | null) =>
          kind && setValue(`signers.${index}.kind`, kind, { shouldDirty: true })
        }
        aria-label={t('signer.kind')}
        fullWidth
        sx={{ mb: 2, '& .MuiToggleButton-root': { flex: 1, textTransform: 'none', lineHeight: 1.3 } }}
      >
        <ToggleButton value="account">{t('signer.kind_account')}</ToggleButton>
        <ToggleButton value="visitor">{t('signer.kind_visitor')}</ToggleButton>
      </ToggleButtonGroup>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {signer.kind === 'account' ? (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <AccountEmailField index={index} />
          </Box>
        ) : (
          <>
            <Box sx={{ gridColumn: '1 / -1', display: 'grid' }}>
              <SignerTextField index={index} name="email" type="email" required label={t('signer.email')} />
            </Box>
            <SignerTextField index={index} name="firstName" required label={t('signer.first_name')} />
            <SignerTextField index={index} name="lastName" required label={t('signer.last_name')} />
            <SignerTextField index={index} name="mobile" type="tel" label={t('signer.mobile')} />
            <Controller
              control={control}
              name={`signers.${index}.language`}
              render={({ field }) => (
                <TextField {...field} select label={t('signer.language')}>
                  {selectOptions(languages, (language) =>
                    t(`common.languages.${language}`, { ns: 'translation' }),
                  )}
                </TextField>
              )}
            />
          </>
        )}
        <TextField
          select
          value={signer.quality || 'request'}
          onChange={(event) =>
            onChooseQuality(event.target.value === 'request' ? '' : (event.target.value as Quality))
          }
          label={t('signer.quality')}
          sx={{ gridColumn: '1 / -1' }}
        >
          <MenuItem value="request">
            {t('signer.quality_default', { quality: t(`quality.${requestQuality}`) })}
          </MenuItem>
          {selectOptions(qualities, (quality) => t(`quality.${quality}`))}
        </TextField>
      </Box>
      <Box sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ flex: '1 1 180px' }} color={placementError ? 'error' : undefined}>
          {placed
            ? t('signer.placed', { page: placed.page, pages: pageCountOf(placed.documentId) })
            : t('signer.not_placed')}
        </Typography>
        {placed ? (
          <Button size="small" onClick={onUnplace}>
            {t('signer.unplace')}
          </Button>
        ) : (
          <Button size="small" variant="outlined" onClick={onPlace}>
            {t('signer.place')}
          </Button>
        )}
      </Box>
      {placementError && (
        <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
          {errorText(t, placementError.message ?? placementError.root?.message)}
        </Typography>
      )}
    </Paper>
  );
}
