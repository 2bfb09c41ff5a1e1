import { useRef, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import type { BusinessLogo } from '@signet/contracts/businesses';
import { maxLogoBytes } from '@signet/contracts/business-branding';
import { useTranslation } from 'react-i18next';
import { InlineConfirm } from '../../../components/inline-confirm.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { useDeleteLogo, useUploadLogo } from '../api/logo.ts';

const ns = 'business-settings';
const accepted = 'image/png,image/jpeg,image/webp';

/**
 * The company logo (spec §3 companyBranding.logo): shown in the header for the members, on the
 * signing page of the business's requests and in its mails. Signet re-encodes what is uploaded.
 */
export function LogoCard({
  businessId,
  logo,
  name,
}: {
  businessId: string;
  logo: BusinessLogo | null;
  name: string;
}) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText([ns]);
  const upload = useUploadLogo(businessId);
  const remove = useDeleteLogo(businessId);
  const input = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [tooLarge, setTooLarge] = useState(false);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // Checked here too, so a large file is not sent only to be refused.
    setTooLarge(file.size > maxLogoBytes);
    if (file.size > maxLogoBytes) return;
    remove.reset();
    upload.mutate(file, {
      onSuccess: () => showSnackbar({ message: `${ns}:logo.uploaded`, color: 'success' }),
    });
  };
  const error = tooLarge ? t('logo.too_large') : upload.isError ? errorText(upload.error) : null;

  return (
    <SectionCard id="company-logo" heading={t('logo.heading')} intro={t('logo.intro')} headingSpace={2}>
      <Box
        sx={{
          border: 1,
          borderStyle: 'dashed',
          borderColor: 'divider',
          borderRadius: 2,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          minHeight: 120,
          p: 2,
        }}
      >
        {logo ? (
          <Box
            component="img"
            src={logo.url}
            alt={t('logo.alt', { name })}
            sx={{ maxHeight: 96, maxWidth: '100%', objectFit: 'contain' }}
          />
        ) : (
          <Box sx={{ textAlign: 'center', color: 'text.secondary' }}>
            <ImageOutlinedIcon aria-hidden="true" />
            <Typography variant="body2">{t('logo.none')}</Typography>
          </Box>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('logo.hint')}
      </Typography>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      <input
        ref={input}
        type="file"
        accept={accepted}
        hidden
        onChange={onFile}
        aria-hidden="true"
        tabIndex={-1}
      />
      <Box sx={{ display: 'flex', gap: 1.5, mt: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" loading={upload.isPending} onClick={() => input.current?.click()}>
          {t(logo ? 'logo.replace' : 'logo.upload')}
        </Button>
        {logo && !confirming && (
          <Button color="error" onClick={() => setConfirming(true)}>
            {t('logo.remove')}
          </Button>
        )}
      </Box>
      {logo && confirming && (
        <InlineConfirm
          question={t('logo.remove_question')}
          keepLabel={t('logo.keep')}
          confirmLabel={t('logo.remove')}
          loading={remove.isPending}
          error={remove.isError ? errorText(remove.error) : null}
          onKeep={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                setConfirming(false);
                showSnackbar({ message: `${ns}:logo.removed`, color: 'success' });
              },
            })
          }
          sx={{ mt: 2 }}
        />
      )}
    </SectionCard>
  );
}
