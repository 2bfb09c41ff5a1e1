import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { overlayTitleId, type OverlayComponentProps } from './overlay-host.tsx';

/** A registered overlay's frame: its title, what it tells the user, and the way on ('complete'). */
export function BaseOverlay({ descriptor, loading, onAction }: OverlayComponentProps) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        maxWidth: 560,
        textAlign: 'center',
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        alignItems: 'center',
      }}
    >
      <Typography id={overlayTitleId} variant="h1">
        {t(`overlays.${descriptor.name}.title`)}
      </Typography>
      <Typography color="text.secondary">{t(`overlays.${descriptor.name}.body`)}</Typography>
      <Button variant="contained" size="large" disabled={loading} onClick={() => onAction('complete')}>
        {t('common.continue')}
      </Button>
    </Box>
  );
}
