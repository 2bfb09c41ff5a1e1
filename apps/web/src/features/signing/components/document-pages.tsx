import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { defaultPageScale, type Document } from '@signet/contracts/documents';
import type { Position } from '@signet/contracts/signature-requests';
import { useTranslation } from 'react-i18next';
import type { SigningAccess } from '../../../lib/signing-access.ts';
import { usePageImage } from '../api/get-page-image.ts';

export interface PageHighlight {
  documentId: string;
  position: Position;
  /** The signer's own field is highlighted; others' are outlined. */
  mine: boolean;
  label: string;
}

/** True once the element has come near the viewport (then stays true). */
function useNearViewport<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}

const percent = (value: number, of: number) => `${(value / of) * 100}%`;

/**
 * Scale 100 is 1 px per point; a page shown wider than that, or on a dense screen, asks the API for
 * more pixels (in steps of 50, so neighbouring widths share cached renders), within 100..300.
 */
export function renderScale(
  shownWidth: number,
  pageWidth: number,
  pixelRatio = window.devicePixelRatio || 1,
): number {
  const wanted = ((shownWidth * pixelRatio) / pageWidth) * 100;
  return Math.min(300, Math.max(defaultPageScale, Math.ceil(wanted / 50) * 50));
}

function PageView({
  access,
  document,
  page,
  highlights,
}: {
  access: SigningAccess;
  document: Document;
  page: Document['pages'][number];
  highlights: PageHighlight[];
}) {
  const { t } = useTranslation('signing');
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const scale = near ? renderScale(ref.current?.clientWidth ?? page.width, page.width) : defaultPageScale;
  const image = usePageImage(access, document.id, page.number, near, scale);
  const label = t('view.page_of', { page: page.number, count: document.pageCount, title: document.title });
  return (
    <Box
      ref={ref}
      component="figure"
      aria-label={label}
      data-page={page.number}
      sx={{
        position: 'relative',
        m: 0,
        width: '100%',
        aspectRatio: `${page.width} / ${page.height}`,
        bgcolor: 'common.white',
        boxShadow: 2,
        overflow: 'hidden',
      }}
    >
      {image.status === 'ready' ? (
        <Box
          component="img"
          src={image.src}
          alt={label}
          sx={{ display: 'block', width: '100%', height: '100%' }}
        />
      ) : image.status === 'error' ? (
        <Typography color="error" sx={{ p: 2 }}>
          {t('view.page_failed')}
        </Typography>
      ) : (
        <Skeleton variant="rectangular" width="100%" height="100%" aria-label={t('view.page_loading')} />
      )}
      {highlights
        .filter((h) => h.documentId === document.id && h.position.page === page.number)
        .map((h) => (
          <Box
            key={`${h.label}-${h.position.x}-${h.position.y}`}
            data-testid={h.mine ? 'my-signature-field' : 'signature-field'}
            title={h.label}
            sx={{
              position: 'absolute',
              left: percent(h.position.x, page.width),
              top: percent(h.position.y, page.height),
              width: percent(h.position.width, page.width),
              height: percent(h.position.height, page.height),
              border: 2,
              borderStyle: h.mine ? 'solid' : 'dashed',
              borderColor: h.mine ? 'primary.main' : 'grey.500',
              bgcolor: h.mine ? 'rgba(25, 118, 210, 0.12)' : 'transparent',
              display: 'flex',
              alignItems: 'flex-start',
              p: 0.5,
              animation: h.mine ? 'signet-pulse 2s ease-in-out 3' : undefined,
              '@keyframes signet-pulse': { '50%': { boxShadow: '0 0 0 6px rgba(25, 118, 210, 0.25)' } },
            }}
          >
            <Typography
              variant="caption"
              sx={{
                bgcolor: h.mine ? 'primary.main' : 'grey.600',
                color: 'common.white',
                px: 0.5,
                borderRadius: 0.5,
                maxWidth: '100%',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
              }}
            >
              {h.label}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}

/** Every page of the request's documents, rendered by the API and loaded when scrolled near. */
export function DocumentPages({
  access,
  documents,
  highlights,
}: {
  access: SigningAccess;
  documents: Document[];
  highlights: PageHighlight[];
}) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, minWidth: 0 }}>
      {documents.map((document) => (
        <Box
          key={document.id}
          component="section"
          aria-label={document.title}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          {documents.length > 1 && (
            <Typography variant="h2" sx={{ fontSize: '1.1rem', overflowWrap: 'anywhere' }}>
              {document.title}
            </Typography>
          )}
          {document.pages.map((page) => (
            <PageView
              key={page.number}
              access={access}
              document={document}
              page={page}
              highlights={highlights}
            />
          ))}
        </Box>
      ))}
    </Box>
  );
}
