import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

export const mainContentId = 'main-content';

/** First focusable element: jumps over the header to the page content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href={`#${mainContentId}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 2000,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        px: 2,
        py: 1,
        borderRadius: 1,
        '&:focus': { top: 8 },
      }}
    >
      {t('common.skip_to_content')}
    </Box>
  );
}
