import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { TextInput } from '../../../components/text-input.tsx';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { qualities, type VisualSignaturePermissions } from '@signet/contracts/accounts';
import { legislations } from '@signet/contracts/common';
import {
  SignatureProvider,
  VisualSignatureLanguage,
  type CreateVisualSignatureBody,
  type VisualSignature,
} from '@signet/contracts/visual-signatures';
import { Values } from './editor-values.ts';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { setServerErrors } from '../../../lib/server-errors.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { translateValidation } from '../../../lib/validation.ts';
import { visualSignaturesKey } from '../api/list-visual-signatures.ts';
import { useSaveVisualSignature } from '../api/save-visual-signature.ts';
import { deleteSignatureImage, uploadSignatureImage } from '../api/signature-image.ts';
import { useParameterPreview } from '../api/signature-preview.ts';
import { DisplaySwitches, lockedSwitches, type SwitchName } from './display-switches.tsx';
import { imageProblem, SignatureImageField } from './signature-image-field.tsx';
import { StampPicture } from './stamp-picture.tsx';
import { useErrorText } from './use-error-text.ts';

const textFields = ['alias', 'name', 'optionalLine', 'location'] as const;

/** The form's values for a saved signature, or for a new one from the user's name. */
function initialValues(
  signature: VisualSignature | null,
  name: string,
  permissions: VisualSignaturePermissions,
): Values {
  if (signature)
    return {
      ...signature,
      optionalLine: signature.optionalLine ?? '',
      location: signature.location ?? '',
      // What the business fixes is what the stamp shows, whatever was saved before it did.
      ...(permissions.claim.canUpdate ? {} : { displayClaim: permissions.claim.defaultValue }),
      ...(permissions.std.canUpdate ? {} : { displayStandards: permissions.std.defaultValue }),
      ...(permissions.date.canUpdate ? {} : { displayDate: permissions.date.defaultValue }),
    };
  return {
    alias: '',
    name,
    optionalLine: '',
    location: '',
    language: 'en',
    quality: 'ses',
    legislation: 'zertes',
    provider: 'sandbox',
    displayClaim: permissions.claim.defaultValue,
    displayStandards: permissions.std.defaultValue,
    displayQr: true,
    displayDate: permissions.date.defaultValue,
  };
}

/** Switches the business fixes are left out: the server gives them the business's value. */
function bodyOf(values: Values, locked: ReadonlySet<SwitchName>): CreateVisualSignatureBody {
  const body: CreateVisualSignatureBody = {
    ...values,
    optionalLine: values.optionalLine.trim() || null,
    location: values.location.trim() || null,
  };
  for (const name of locked) delete body[name];
  return body;
}

const flag = (on: boolean) => (on ? '1' : '0');

/** Create or change a visual signature, with a live preview drawn by the server's renderer. */
export function VisualSignatureEditor({
  signature,
  defaultName,
  permissions,
  onSaved,
  onCancel,
}: {
  signature: VisualSignature | null;
  defaultName: string;
  permissions: VisualSignaturePermissions;
  /** `done` is false when the signature was saved but its image was not (the editor stays open). */
  onSaved: (saved: VisualSignature, done: boolean) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('visual-signatures');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const save = useSaveVisualSignature();
  const heading = useRef<HTMLHeadingElement>(null);
  const locked = lockedSwitches(permissions);
  const form = useForm<Values>({
    resolver: zodResolver(Values),
    defaultValues: initialValues(signature, defaultName, permissions),
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);

  useEffect(() => heading.current?.focus(), []);

  const watched = useDebounced(useWatch({ control: form.control }), 400);
  const preview = useParameterPreview({
    name: watched.name?.trim() || undefined,
    opt: watched.optionalLine?.trim() || undefined,
    loc: watched.location?.trim() || undefined,
    lang: watched.language,
    qual: watched.quality,
    leg: watched.legislation,
    prov: watched.provider,
    claim: flag(watched.displayClaim ?? true),
    std: flag(watched.displayStandards ?? true),
    date: flag(watched.displayDate ?? true),
    qr: flag(watched.displayQr ?? true),
    img: signature?.hasCustomImage ? signature.id : undefined,
  });

  const field = (name: (typeof textFields)[number]) => {
    const { error } = form.getFieldState(name, form.formState);
    return {
      ...form.register(name),
      error: Boolean(error),
      helperText: translateValidation(t, error?.message),
    };
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    let saved: VisualSignature;
    try {
      saved = await save.mutateAsync({ id: signature?.id ?? null, body: bodyOf(values, locked) });
    } catch (error) {
      const text = errorText(error);
      // Text fields show their error; a switch cannot, so its error (a fixed one) goes above the form.
      const fieldOf = (apiField: string) => {
        const name = apiField.replace(/^body\./, '');
        return (textFields as readonly string[]).includes(name) ? (name as Path<Values>) : null;
      };
      const placed = isApiError(error) && setServerErrors(error, form.setError, fieldOf, () => text);
      if (!placed) setFormError(text);
      return;
    }
    if (file) {
      try {
        setProgress(0);
        await uploadSignatureImage(saved.id, file, setProgress);
        setFile(null);
      } catch (error) {
        setImageError(errorText(error));
        onSaved(saved, false);
        return;
      } finally {
        setProgress(null);
        await queryClient.invalidateQueries({ queryKey: visualSignaturesKey });
      }
    }
    onSaved(saved, true);
  });

  const removeImage = async () => {
    if (!signature) return;
    setRemoving(true);
    setImageError(null);
    try {
      await deleteSignatureImage(signature.id);
      await queryClient.invalidateQueries({ queryKey: visualSignaturesKey });
      showSnackbar({ message: 'visual-signatures:form.image_removed', color: 'success' });
    } catch (error) {
      setImageError(errorText(error));
    } finally {
      setRemoving(false);
    }
  };

  const busy = form.formState.isSubmitting || removing;
  const titleId = 'visual-signature-editor-title';
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 3 }, mb: 4 }}
    >
      <Typography
        id={titleId}
        ref={heading}
        tabIndex={-1}
        variant="h2"
        sx={{ fontSize: '1.35rem', mb: 2, outline: 'none' }}
      >
        {signature ? t('form.title_edit', { alias: signature.alias }) : t('form.title_new')}
      </Typography>
      {formError && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        }}
      >
        <Stack spacing={2}>
          <TextInput
            label={t('form.alias')}
            required
            {...field('alias')}
            helperText={field('alias').helperText ?? t('form.alias_help')}
          />
          <TextInput label={t('form.name')} required autoComplete="name" {...field('name')} />
          <TextInput label={t('form.optional_line')} autoComplete="organization" {...field('optionalLine')} />
          <TextInput label={t('form.location')} autoComplete="address-level2" {...field('location')} />
          {choiceFields.map((name) => (
            <ChoiceField key={name} form={form} name={name} />
          ))}
        </Stack>
        <Stack spacing={3}>
          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {t('form.preview')}
            </Typography>
            <StampPicture
              url={preview.url}
              alt={t('form.preview_alt')}
              failed={preview.failed}
              failedText={t('form.preview_failed')}
            />
          </Box>
          <DisplaySwitches control={form.control} permissions={permissions} />
          <SignatureImageField
            chosen={file}
            hasImage={signature?.hasCustomImage ?? false}
            progress={progress}
            error={imageError}
            busy={busy}
            onChoose={(chosen) => {
              const problem = imageProblem(chosen);
              setImageError(problem ? t(`form.${problem}`) : null);
              setFile(problem ? null : chosen);
            }}
            onRemove={signature ? () => void removeImage() : null}
          />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ gridColumn: '1 / -1', justifyContent: 'flex-end' }}>
          <Button onClick={onCancel} disabled={busy}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={form.formState.isSubmitting} disabled={busy}>
            {t('form.save')}
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}

/** The enumerated fields, each a select: its options, and the texts naming them (`<labels>.<option>`). */
const choices = {
  language: { options: VisualSignatureLanguage.options, labels: 'languages' },
  quality: { options: qualities, labels: 'qualities' },
  legislation: { options: legislations, labels: 'legislations' },
  provider: { options: SignatureProvider.options, labels: 'providers' },
} as const;
type ChoiceName = keyof typeof choices;
const choiceFields = Object.keys(choices) as ChoiceName[];

/** A select of one enumerated field; the quality's says what the quality needs. */
function ChoiceField({ form, name }: { form: ReturnType<typeof useForm<Values>>; name: ChoiceName }) {
  const { t } = useTranslation('visual-signatures');
  const { options, labels } = choices[name];
  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <TextField
          select
          label={t(`form.${name}`)}
          helperText={name === 'quality' ? t('form.quality_help') : undefined}
          {...field}
        >
          {options.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`${labels}.${option}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
