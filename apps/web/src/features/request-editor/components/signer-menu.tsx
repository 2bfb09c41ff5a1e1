import Box from '@mui/material/Box';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

export interface SignerChoice {
  index: number;
  label: string;
  color: string;
}

/** The signers to choose from, each with their colour: for a new box, or for a document's own field. */
export function SignerMenu({
  anchor,
  signers,
  selected,
  onClose,
  onChoose,
}: {
  anchor: HTMLElement | null;
  signers: SignerChoice[];
  selected?: number;
  onClose: () => void;
  onChoose: (signerIndex: number) => void;
}) {
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {signers.map((signer) => (
        <MenuItem
          key={signer.index}
          selected={selected === signer.index}
          onClick={() => {
            onClose();
            onChoose(signer.index);
          }}
        >
          <Box
            aria-hidden="true"
            sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: signer.color, mr: 1.5, flex: 'none' }}
          />
          {signer.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
