import { useId, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/Upload';
import { useTranslation } from 'react-i18next';
import { maxSignatureImageBytes } from '@signet/contracts/visual-signatures';

const accepted = ['image/png', 'image/jpeg'];

/** Checks a chosen file as the server will (type and size), so a wrong one is named at once. */
export function imageProblem(file: File): 'image_wrong_type' | 'image_too_big' | null {
  if (!accepted.includes(file.type)) return 'image_wrong_type';
  if (file.size > maxSignatureImageBytes) return 'image_too_big';
  return null;
}

/**
 * The custom image: choose a PNG or JPEG (uploaded when the form is saved), see the upload's
 * progress, or remove the saved one. Errors are announced next to the button.
 */
export function SignatureImageField({
  chosen,
  hasImage,
  progress,
  error,
  busy,
  onChoose,
  onRemove,
}: {
  chosen: File | null;
  hasImage: boolean;
  /** 0..1 while uploading, else null. */
  progress: number | null;
  error: string | null;
  busy: boolean;
  onChoose: (file: File) => void;
  onRemove: (() => void) | null;
}) {
  const { t } = useTranslation('visual-signatures');
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} aria-describedby={`${id}-help`}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        {t('form.image')}
      </Typography>
      <Typography id={`${id}-help`} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('form.image_help')}
      </Typography>
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept={accepted.join(',')}
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onChoose(file);
          event.target.value = '';
        }}
      />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<UploadIcon />}
          onClick={() => input.current?.click()}
          disabled={busy}
        >
          {t('form.image_choose')}
        </Button>
        {onRemove && hasImage && !chosen && (
          <Button color="error" onClick={onRemove} disabled={busy}>
            {t('form.image_remove')}
          </Button>
        )}
      </Stack>
      <Box aria-live="polite" sx={{ mt: 1 }}>
        {chosen && <Typography variant="body2">{t('form.image_chosen', { name: chosen.name })}</Typography>}
        {!chosen && hasImage && <Typography variant="body2">{t('form.image_current')}</Typography>}
      </Box>
      {progress !== null && (
        <LinearProgress
          variant="determinate"
          value={Math.round(progress * 100)}
          aria-label={t('form.image_progress')}
          sx={{ mt: 1 }}
        />
      )}
      {error && (
        <FormHelperText error role="alert">
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
