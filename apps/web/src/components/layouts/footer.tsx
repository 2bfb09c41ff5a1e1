import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { apiDocsHref } from '../../lib/api-client.ts';
import { TextLink } from '../router-links.tsx';

/** The page-wide bars above and below a simple page's card: padded like the card's container. */
export const edgeBarSx = { px: { xs: 2, sm: 4 }, display: 'flex', alignItems: 'center' } as const;

export function Footer() {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      sx={{
        ...edgeBarSx,
        py: 3,
        flexWrap: 'wrap',
        gap: 2,
        justifyContent: 'center',
        color: 'text.secondary',
      }}
    >
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        {t('footer.tagline')}
      </Typography>
      <TextLink to="/validate" variant="body2" color="inherit">
        {t('footer.validate')}
      </TextLink>
      <Link href={apiDocsHref} variant="body2" color="inherit">
        {t('footer.api_docs')}
      </Link>
    </Box>
  );
}
