import { useState } from 'react';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import type { SealSummary } from '@signet/contracts/businesses';
import { useTranslation } from 'react-i18next';

/**
 * Sign with a business seal instead of in one's own name: a menu of the seals the signer may use.
 * The signature is then the seal's (its name, certificate and stamp), not the person's.
 */
export function SealButton({
  seals,
  disabled,
  onSeal,
}: {
  seals: SealSummary[];
  disabled: boolean;
  onSeal: (accountName: string) => void;
}) {
  const { t } = useTranslation('signing');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant="outlined"
        size="large"
        startIcon={<VerifiedOutlinedIcon />}
        disabled={disabled}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? 'seal-menu' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('seal.button')}
      </Button>
      <Menu id="seal-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {seals.map((seal) => (
          <MenuItem
            key={seal.accountName}
            onClick={() => {
              setAnchor(null);
              onSeal(seal.accountName);
            }}
          >
            <ListItemText primary={t('seal.as', { name: seal.displayName })} secondary={seal.accountName} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
