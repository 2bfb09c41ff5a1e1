import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePageImageUrl, type PagedDocument } from '../lib/api/get-page-image.ts';
import { imageScale, pixelsPerPoint, type PageSize, type ScaleSteps } from '../lib/page-scale.ts';
import type { SigningAccess } from '../lib/signing-access.ts';
import { usePageLayout } from '../lib/use-page-layout.ts';

const fill = { position: 'absolute', inset: 0 } as const;

function PageImage({
  access,
  document,
  number,
  scale,
  enabled,
  alt,
}: {
  access: SigningAccess;
  document: PagedDocument;
  number: number;
  scale: number;
  enabled: boolean;
  alt: string;
}) {
  const { t } = useTranslation();
  const image = usePageImageUrl(access, document, number, scale, enabled);
  if (image.failed)
    return (
      <Box sx={{ ...fill, display: 'grid', placeItems: 'center', p: 2 }}>
        <Typography color="error" role="alert" sx={{ textAlign: 'center' }}>
          {t('common.page_failed')}
          <Button size="small" onClick={image.retry} sx={{ ml: 1 }}>
            {t('common.try_again')}
          </Button>
        </Typography>
      </Box>
    );
  if (!image.url)
    return (
      <Box sx={{ ...fill, display: 'grid', placeItems: 'center' }}>
        <CircularProgress size={28} aria-label={t('common.page_loading', { page: number })} />
      </Box>
    );
  return (
    <Box
      component="img"
      src={image.url}
      alt={alt}
      draggable={false}
      data-testid="page-image"
      sx={{ ...fill, width: '100%', height: '100%', userSelect: 'none' }}
    />
  );
}

/**
 * One page of a document as the API renders it, shown at the width it gets: the image loads when the
 * page comes near the viewport, at a scale sharp for that width and screen (within `scales`). The
 * request editor and the signing view both show pages this way; what they draw over the page (boxes,
 * highlighted fields) comes from `overlay`, given the page's screen pixels per point.
 */
export function DocumentPage({
  access,
  document,
  page,
  label,
  scales,
  caption,
  overlay,
}: {
  access: SigningAccess;
  document: PagedDocument;
  page: PageSize & { number: number };
  /** The page's accessible name, also the image's alternative text. */
  label: string;
  scales: ScaleSteps;
  /** Above the page: its number, actions. */
  caption?: ReactNode;
  /** Drawn over the page, given its screen pixels per point (0 until its width is known). */
  overlay?: (pointsToPixels: number) => ReactNode;
}) {
  const { ref, width, near } = usePageLayout();
  const scale = width > 0 ? pixelsPerPoint(page, width) : 0;
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  return (
    <Box
      component="figure"
      sx={{ m: 0 }}
      aria-label={label}
      data-page={page.number}
      data-document={document.id}
    >
      {caption}
      <Box
        ref={ref}
        data-testid="page"
        sx={{
          position: 'relative',
          width: '100%',
          aspectRatio: `${page.width} / ${page.height}`,
          bgcolor: 'common.white',
          boxShadow: 1,
          borderRadius: 0.5,
          overflow: 'visible',
        }}
      >
        <PageImage
          access={access}
          document={document}
          number={page.number}
          scale={imageScale(scale || 1, dpr, scales)}
          enabled={near && width > 0}
          alt={label}
        />
        {overlay?.(scale)}
      </Box>
    </Box>
  );
}
