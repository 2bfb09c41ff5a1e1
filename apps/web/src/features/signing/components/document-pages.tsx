import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Document } from '@signet/contracts/documents';
import type { Position } from '@signet/contracts/signature-requests';
import { useTranslation } from 'react-i18next';
import { DocumentPage } from '../../../components/document-page.tsx';
import { readingScales } from '../../../lib/page-scale.ts';
import type { SigningAccess } from '../../../lib/signing-access.ts';

export interface PageHighlight {
  documentId: string;
  position: Position;
  /** The signer's own field is highlighted; others' are outlined. */
  mine: boolean;
  label: string;
}

const percent = (value: number, of: number) => `${(value / of) * 100}%`;

/** The signature fields on a page: the signer's own highlighted, others' outlined. */
function Highlights({ page, highlights }: { page: Document['pages'][number]; highlights: PageHighlight[] }) {
  return highlights.map((h) => (
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
  ));
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
  const { t } = useTranslation('signing');
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
            <DocumentPage
              key={page.number}
              access={access}
              document={document}
              page={page}
              label={t('view.page_of', {
                page: page.number,
                count: document.pageCount,
                title: document.title,
              })}
              scales={readingScales}
              overlay={() => (
                <Highlights
                  page={page}
                  highlights={highlights.filter(
                    (h) => h.documentId === document.id && h.position.page === page.number,
                  )}
                />
              )}
            />
          ))}
        </Box>
      ))}
    </Box>
  );
}
