import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { OverlayFrame } from './overlay-frame.tsx';
import type { OverlayComponentProps } from './overlay-host.tsx';

/** A registered overlay's frame: its title, what it tells the user, and the way on ('complete'). */
export function BaseOverlay({ descriptor, loading, onAction }: OverlayComponentProps) {
  const { t } = useTranslation();
  return (
    <OverlayFrame
      title={t(`overlays.${descriptor.name}.title`)}
      body={t(`overlays.${descriptor.name}.body`)}
      actions={
        <Button variant="contained" size="large" disabled={loading} onClick={() => onAction('complete')}>
          {t('common.continue')}
        </Button>
      }
    />
  );
}
