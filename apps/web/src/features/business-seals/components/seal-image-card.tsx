import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/Upload';
import { maxSealImageBytes } from '@signet/contracts/business-seals';
import type { Seal } from '@signet/contracts/businesses';
import { useTranslation } from 'react-i18next';
import { InlineConfirm } from '../../../components/inline-confirm.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { useSealImage, useSealImageChange } from '../api/seals.ts';

const ns = 'business-seals';
const accepted = ['image/png', 'image/jpeg', 'image/webp'];

/** The seal's image: a preview, upload (or replace) and remove. Checked here as the server will. */
export function SealImageCard({ businessId, seal }: { businessId: string; seal: Seal }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const input = useRef<HTMLInputElement>(null);
  const image = useSealImage(businessId, seal.accountName, seal.hasImage);
  const change = useSealImageChange(businessId, seal.accountName);
  const [localProblem, setLocalProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const problem = localProblem ?? (change.isError && !confirming ? errorText(change.error) : null);

  const upload = (file: File) => {
    change.reset();
    if (!accepted.includes(file.type)) return setLocalProblem(t('image.wrong_type'));
    if (file.size > maxSealImageBytes) return setLocalProblem(t('image.too_big'));
    setLocalProblem(null);
    change.mutate(file, {
      onSuccess: () => showSnackbar({ message: `${ns}:image.uploaded`, color: 'success' }),
    });
  };
  const remove = () =>
    change.mutate(null, {
      onSuccess: () => {
        setConfirming(false);
        showSnackbar({ message: `${ns}:image.removed`, color: 'info' });
      },
    });

  return (
    <SectionCard id="seal-image" heading={t('image.title')} intro={t('image.text')}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box
          sx={{
            width: 200,
            height: 120,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'background.default',
            p: 1,
          }}
        >
          {seal.hasImage && image.url ? (
            <Box
              component="img"
              src={image.url}
              alt={t('image.preview')}
              sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
            />
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
              {seal.hasImage && image.failed ? t('image.failed') : seal.hasImage ? '…' : t('image.none')}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <input
            ref={input}
            type="file"
            accept={accepted.join(',')}
            hidden
            aria-label={seal.hasImage ? t('image.replace') : t('image.choose')}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) upload(file);
              event.target.value = '';
            }}
          />
          <Button
            variant="outlined"
            startIcon={<UploadIcon />}
            loading={change.isPending && !confirming}
            onClick={() => input.current?.click()}
          >
            {seal.hasImage ? t('image.replace') : t('image.choose')}
          </Button>
          {seal.hasImage && !confirming && (
            <Button color="error" onClick={() => setConfirming(true)} disabled={change.isPending}>
              {t('image.remove')}
            </Button>
          )}
        </Box>
      </Box>
      {problem && (
        <FormHelperText error role="alert">
          {problem}
        </FormHelperText>
      )}
      {confirming && (
        <InlineConfirm
          question={t('image.remove_confirm')}
          keepLabel={t('image.keep')}
          confirmLabel={t('image.remove_now')}
          loading={change.isPending}
          error={change.isError ? errorText(change.error) : null}
          onKeep={() => setConfirming(false)}
          onConfirm={remove}
          sx={{ mt: 2 }}
        />
      )}
    </SectionCard>
  );
}
