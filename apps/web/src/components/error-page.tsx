import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { readConfig } from '../lib/config.ts';
import { pageTitle } from '../lib/page-title.ts';
import { Image } from './image.tsx';
import { Logo } from './logo.tsx';

/**
 * Spec §2/§9 error page: heading, subheading and a large button to the public home page, beside
 * the illustration (12-column grid: text 5, image 7 from md up). Needs no router, so it also
 * serves errors that happen before or outside it.
 */
export function ErrorPage({
  heading,
  subheading,
  detail,
  title,
}: {
  heading?: string;
  subheading?: string;
  detail?: string;
  /** Document title; the error page may replace the shell that usually sets it. */
  title?: string;
}) {
  const { t } = useTranslation();
  const home = readConfig().homeUrl;
  const documentTitle = pageTitle(title ?? t('error_page.heading'), '/');
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ px: { xs: 2, sm: 4 }, py: 2 }}>
        <Logo href={home} />
      </Box>
      <Box component="main" id="main-content" sx={{ flex: 1, display: 'flex', alignItems: 'center' }}>
        <Grid
          container
          spacing={4}
          sx={{
            maxWidth: 1200,
            mx: 'auto',
            px: { xs: 2, sm: 4 },
            py: { xs: 2, md: 6 },
            alignItems: 'center',
          }}
        >
          <Grid size={{ xs: 12, md: 5 }}>
            <Typography
              id="page-title"
              variant="h1"
              tabIndex={-1}
              sx={{ fontSize: { xs: '2rem', md: '2.75rem' }, mb: 2, outline: 'none' }}
            >
              {heading ?? t('error_page.heading')}
            </Typography>
            <Typography
              variant="h2"
              component="p"
              color="text.secondary"
              sx={{ fontWeight: 400, fontSize: '1.2rem', mb: 4 }}
            >
              {subheading ?? t('error_page.subheading')}
            </Typography>
            {detail && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 3, wordBreak: 'break-all' }}>
                {detail}
              </Typography>
            )}
            <Button variant="contained" size="large" href={home} sx={{ px: 5, py: 1.5, fontSize: '1.05rem' }}>
              {t('error_page.home')}
            </Button>
          </Grid>
          <Grid size={{ xs: 12, md: 7 }} sx={{ display: 'flex', justifyContent: 'center' }}>
            {/* Decorative: the heading says what happened. */}
            <Image src="error-404.svg" width={407} height={436} alt="" />
          </Grid>
        </Grid>
      </Box>
    </Box>
  );
}
