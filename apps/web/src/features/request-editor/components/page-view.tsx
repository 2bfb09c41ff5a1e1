import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { DocumentPage } from '../../../components/document-page.tsx';
import type { PagedDocument } from '../../../lib/api/get-page-image.ts';
import { editingScales, type PageSize } from '../../../lib/page-scale.ts';
import { userAccess } from '../../../lib/signing-access.ts';
import type { Box as PointsBox } from '../geometry.ts';
import { SignatureBox } from './signature-box.tsx';

export interface PageBox {
  signerIndex: number;
  placementIndex: number;
  box: PointsBox;
  label: string;
  color: string;
}

/**
 * A document page with the signature boxes on it and a menu to add one. Boxes are positioned in
 * points × (shown width / page width in points).
 */
export function PageView({
  document,
  number,
  size,
  boxes,
  signers,
  onPlace,
  onChange,
  onRemove,
}: {
  document: PagedDocument & { title: string };
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
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const caption = (
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
  );
  return (
    <DocumentPage
      access={userAccess}
      document={document}
      page={{ ...size, number }}
      label={t('pages.page', { page: number, title: document.title })}
      scales={editingScales}
      caption={caption}
      overlay={(scale) =>
        scale > 0 &&
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
        ))
      }
    />
  );
}
