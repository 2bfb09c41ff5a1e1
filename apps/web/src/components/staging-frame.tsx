import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { hideStagingKey } from './staging-key.ts';

/** Spec §2/§4: a frame on all four sides marks a system that is not production. */
export function StagingFrame() {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(() => localStorage.getItem(hideStagingKey) !== null);
  if (hidden) return null;
  return (
    <Box
      data-testid="staging-frame"
      sx={{
        position: 'fixed',
        inset: 0,
        border: '4px solid',
        borderColor: 'warning.main',
        pointerEvents: 'none',
        zIndex: 1950,
      }}
    >
      <Box
        sx={{
          position: 'absolute',
          top: 0,
          left: '50%',
          transform: 'translateX(-50%)',
          bgcolor: 'warning.main',
          color: '#fff',
          px: 1.5,
          borderBottomLeftRadius: 6,
          borderBottomRightRadius: 6,
          fontSize: '0.75rem',
          fontWeight: 700,
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          pointerEvents: 'auto',
        }}
      >
        {t('shell.test_system')}
        <IconButton
          size="small"
          aria-label={t('shell.hide_test_system')}
          onClick={() => {
            localStorage.setItem(hideStagingKey, '1');
            setHidden(true);
          }}
          sx={{ color: 'inherit', p: 0.25 }}
        >
          <CloseIcon sx={{ fontSize: 14 }} />
        </IconButton>
      </Box>
    </Box>
  );
}
