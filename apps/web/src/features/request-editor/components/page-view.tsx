import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { DocumentPage } from '../../../components/document-page.tsx';
import type { PagedDocument } from '../../../lib/api/get-page-image.ts';
import { editingScales, type PageSize } from '../../../lib/page-scale.ts';
import { userAccess } from '../../../lib/signing-access.ts';
import type { Box as PointsBox } from '../geometry.ts';
import type { ExistingSignatureField } from '@signet/contracts/signature-fields';
import { SignatureBox } from './signature-box.tsx';
import { ExistingFieldPlaceholder } from './existing-field-placeholder.tsx';
import { SignerMenu, type SignerChoice } from './signer-menu.tsx';

export interface PageBox {
  signerIndex: number;
  placementIndex: number;
  box: PointsBox;
  label: string;
  color: string;
}

/** One of the document's own empty signature fields on this page, and the box of its signer if any. */
export interface PageField {
  field: ExistingSignatureField;
  holder: PageBox | null;
}

/**
 * A document page with the signature boxes on it and a menu to add one; the document's own empty
 * signature fields are placeholders a signer is assigned to. Boxes are positioned in
 * points × (shown width / page width in points).
 */
export function PageView({
  document,
  number,
  size,
  boxes,
  fields,
  signers,
  onPlace,
  onAssign,
  onChange,
  onRemove,
}: {
  document: PagedDocument & { title: string };
  number: number;
  size: PageSize;
  boxes: PageBox[];
  fields: PageField[];
  /** Signers offered in the page's "add signature" menu and the fields' menus. */
  signers: SignerChoice[];
  onPlace: (signerIndex: number) => void;
  onAssign: (field: ExistingSignatureField, signerIndex: number) => void;
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
      <SignerMenu
        anchor={menuAnchor}
        signers={signers}
        onClose={() => setMenuAnchor(null)}
        onChoose={onPlace}
      />
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
        scale > 0 && [
          // Larger fields first: a small field drawn inside a large one stays on top, clickable.
          ...[...fields]
            .sort((a, b) => b.field.width * b.field.height - a.field.width * a.field.height)
            .map(({ field, holder }) => (
              <ExistingFieldPlaceholder
                key={`field-${field.name}`}
                field={field}
                scale={scale}
                holder={holder && { index: holder.signerIndex, label: holder.label, color: holder.color }}
                signers={signers}
                onAssign={(signerIndex) => onAssign(field, signerIndex)}
                onUnassign={() => holder && onRemove(holder)}
              />
            )),
          ...boxes.map((item) => (
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
          )),
        ]
      }
    />
  );
}
