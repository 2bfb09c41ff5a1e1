import { useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { lighten } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { BoxRemoveButton } from './box-remove-button.tsx';
import type { ExistingSignatureField } from '@signet/contracts/signature-fields';
import { toPixels } from '../geometry.ts';
import { SignerMenu, type SignerChoice } from './signer-menu.tsx';

/** Small fields (a PDF's may be 50 pt wide) cut their text rather than break it into syllables. */
const oneLine = {
  display: 'block',
  lineHeight: 1.2,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
} as const;

/**
 * One of the document's own empty signature fields on its page. Unassigned: a dashed placeholder
 * that opens the list of signers (click, Enter or Space). Assigned: the signer's colour and name,
 * fixed in place (the PDF decides where the field is), with a button to free it again.
 */
export function ExistingFieldPlaceholder({
  field,
  scale,
  holder,
  signers,
  onAssign,
  onUnassign,
}: {
  field: ExistingSignatureField;
  /** Screen pixels per PDF point. */
  scale: number;
  /** The signer signing into this field, if any. */
  holder: SignerChoice | null;
  signers: SignerChoice[];
  onAssign: (signerIndex: number) => void;
  onUnassign: () => void;
}) {
  const { t } = useTranslation('request-editor');
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const px = toPixels(field, scale);
  const color = holder?.color ?? '#546e7a';
  return (
    <Box
      role="group"
      aria-roledescription={t('field.role')}
      aria-label={t('field.name', { field: field.name })}
      data-testid="existing-field"
      data-field={field.name}
      style={{ left: px.x, top: px.y, width: px.width, height: px.height }}
      sx={{ position: 'absolute' }}
    >
      <ButtonBase
        disabled={signers.length === 0}
        onClick={(event) => setMenuAnchor(event.currentTarget)}
        // Named by what it shows (who signs here, and the field): the menu says what it does.
        aria-haspopup="menu"
        sx={{
          position: 'absolute',
          inset: 0,
          display: 'block',
          textAlign: 'left',
          border: 2,
          borderStyle: holder ? 'solid' : 'dashed',
          borderColor: color,
          // Nearly opaque: the text stays readable over whatever the PDF draws in its own field.
          bgcolor: holder ? lighten(color, 0.88) : 'rgba(255, 255, 255, 0.92)',
          borderRadius: 1,
          overflow: 'hidden',
          p: 0.5,
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <Typography
          variant="caption"
          component="span"
          sx={{ ...oneLine, fontWeight: 600, color, pr: holder ? 3 : 0 }}
        >
          {holder ? holder.label : t('field.empty')}
        </Typography>
        <Typography variant="caption" component="span" sx={{ ...oneLine, color: 'text.secondary' }}>
          {field.name}
        </Typography>
      </ButtonBase>
      {holder && (
        <BoxRemoveButton
          label={t('field.unassign', { field: field.name, name: holder.label })}
          color={color}
          onClick={onUnassign}
        />
      )}
      <SignerMenu
        anchor={menuAnchor}
        signers={signers}
        selected={holder?.index}
        onClose={() => setMenuAnchor(null)}
        onChoose={onAssign}
      />
    </Box>
  );
}
