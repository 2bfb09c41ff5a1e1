import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useTranslation } from 'react-i18next';
import type { VisualSignature } from '@signet/contracts/visual-signatures';
import { useSignaturePreview } from '../api/signature-preview.ts';
import { StampPicture } from './stamp-picture.tsx';

/** One saved visual signature: its preview, what it is, and what can be done with it. */
export function VisualSignatureCard({
  signature,
  busy,
  onMakeDefault,
  onEdit,
  onDelete,
}: {
  signature: VisualSignature;
  busy: boolean;
  onMakeDefault: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('visual-signatures');
  const preview = useSignaturePreview(signature.id, signature.updatedAt);
  const alias = signature.alias;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={`vs-${signature.id}`}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, flexWrap: 'wrap' }}>
          <Typography
            id={`vs-${signature.id}`}
            variant="h3"
            component="h3"
            sx={{ fontSize: '1.1rem', fontWeight: 600 }}
          >
            {alias}
          </Typography>
          {signature.default && (
            <Chip size="small" color="primary" icon={<CheckCircleIcon />} label={t('card.default')} />
          )}
          {signature.hasCustomImage && (
            <Chip size="small" variant="outlined" label={t('card.custom_image')} />
          )}
        </Stack>
        <StampPicture
          url={preview.url}
          alt={t('card.preview_alt', { alias })}
          placeholder={signature.placeholder}
          failed={preview.failed}
          failedText={t('card.preview_failed')}
          onRetry={preview.retry}
          retryLabel={t('card.retry_preview')}
        />
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {!signature.default && (
          <Button
            variant="outlined"
            size="small"
            onClick={onMakeDefault}
            disabled={busy}
            aria-label={t('card.make_default_label', { alias })}
          >
            {t('card.make_default')}
          </Button>
        )}
        <Button size="small" onClick={onEdit} aria-label={t('card.edit_label', { alias })}>
          {t('card.edit')}
        </Button>
        <Button size="small" color="error" onClick={onDelete} aria-label={t('card.delete_label', { alias })}>
          {t('card.delete')}
        </Button>
      </CardActions>
    </Card>
  );
}
