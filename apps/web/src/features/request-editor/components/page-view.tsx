import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { usePageImage } from '../api/get-page-image.ts';
import { imageScale, pixelsPerPoint, type Box as PointsBox, type PageSize } from '../geometry.ts';
import { SignatureBox } from './signature-box.tsx';

export interface PageBox {
  signerIndex: number;
  placementIndex: number;
  box: PointsBox;
  label: string;
  color: string;
}

/** Watches the element's width, and whether it came near the viewport (then stays true). */
function usePageLayout() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const resize =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => setWidth(entries[0]?.contentRect.width ?? element.clientWidth));
    resize?.observe(element);
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return () => resize?.disconnect();
    }
    // Pages load when they come within a screen of the viewport, not all at once.
    const intersect = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          intersect.disconnect();
        }
      },
      { rootMargin: '100% 0px' },
    );
    intersect.observe(element);
    return () => {
      resize?.disconnect();
      intersect.disconnect();
    };
  }, []);
  return { ref, width, near };
}

function PageImage({
  documentId,
  number,
  scale,
  enabled,
  alt,
}: {
  documentId: string;
  number: number;
  scale: number;
  enabled: boolean;
  alt: string;
}) {
  const { t } = useTranslation('request-editor');
  const image = usePageImage(documentId, number, scale, enabled);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) return;
    const objectUrl = URL.createObjectURL(image.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [image.data]);
  if (image.isError)
    return (
      <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', p: 2 }}>
        <Typography color="error" role="alert" sx={{ textAlign: 'center' }}>
          {t('pages.load_failed')}
          <Button size="small" onClick={() => void image.refetch()} sx={{ ml: 1 }}>
            {t('pages.retry')}
          </Button>
        </Typography>
      </Box>
    );
  if (!url)
    return (
      <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
        <CircularProgress size={28} aria-label={t('pages.loading', { page: number })} />
      </Box>
    );
  return (
    <Box
      component="img"
      src={url}
      alt={alt}
      draggable={false}
      data-testid="page-image"
      sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', userSelect: 'none' }}
    />
  );
}

/**
 * A document page from the API's page images at its displayed size, with the signature boxes on
 * it. Boxes are positioned in points × (shown width / page width in points).
 */
export function PageView({
  documentId,
  documentTitle,
  number,
  size,
  boxes,
  signers,
  onPlace,
  onChange,
  onRemove,
}: {
  documentId: string;
  documentTitle: string;
  number: number;
  size: PageSize;
  boxes: PageBox[];
  /** Signers offered in the page's "add signature" menu. */
  signers: Array<{ index: number; label: string; color: string }>;
  onPlace: (signerIndex: number) => void;
  onChange: (box: PageBox, next: PointsBox) => void;
  onRemove: (box: PageBox) => void;
}) {
  const { t } = useTranslation('request-editor');
  const { ref, width, near } = usePageLayout();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const scale = width > 0 ? pixelsPerPoint(size, width) : 0;
  const pageLabel = t('pages.page', { page: number, title: documentTitle });
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  return (
    <Box
      component="figure"
      sx={{ m: 0 }}
      aria-label={pageLabel}
      data-page={number}
      data-document={documentId}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography component="figcaption" variant="body2" color="text.secondary">
          {t('pages.page_of', { page: number })}
        </Typography>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={signers.length === 0}
          onClick={(event) => setMenuAnchor(event.currentTarget)}
          aria-haspopup="menu"
          aria-label={t('pages.place_here_label', { page: number })}
        >
          {t('pages.place_here')}
        </Button>
        <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
          {signers.map((signer) => (
            <MenuItem
              key={signer.index}
              onClick={() => {
                setMenuAnchor(null);
                onPlace(signer.index);
              }}
            >
              <Box
                aria-hidden="true"
                sx={{
                  width: 12,
                  height: 12,
                  borderRadius: '50%',
                  bgcolor: signer.color,
                  mr: 1.5,
                  flex: 'none',
                }}
              />
              {signer.label}
            </MenuItem>
          ))}
        </Menu>
      </Box>
      <Box
        ref={ref}
        data-testid="page"
        sx={{
          position: 'relative',
          width: '100%',
          aspectRatio: `${size.width} / ${size.height}`,
          bgcolor: 'background.paper',
          boxShadow: 1,
          borderRadius: 0.5,
          overflow: 'visible',
        }}
      >
        <PageImage
          documentId={documentId}
          number={number}
          scale={imageScale(scale || 1, dpr)}
          enabled={near && width > 0}
          alt={pageLabel}
        />
        {scale > 0 &&
          boxes.map((item) => (
            <SignatureBox
              key={`${item.signerIndex}-${item.placementIndex}`}
              box={item.box}
              page={size}
              scale={scale}
              label={item.label}
              color={item.color}
              onChange={(next) => onChange(item, next)}
              onRemove={() => onRemove(item)}
            />
          ))}
      </Box>
    </Box>
  );
}
