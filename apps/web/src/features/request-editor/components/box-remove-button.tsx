import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';

/** The × in the top right corner of a signer's box on a page: takes the signer off that place. */
export function BoxRemoveButton({
  label,
  color,
  onClick,
}: {
  label: string;
  color: string;
  onClick: () => void;
}) {
  return (
    <IconButton
      size="small"
      onClick={onClick}
      aria-label={label}
      sx={{
        position: 'absolute',
        top: 0,
        right: 0,
        p: 0.25,
        color,
        bgcolor: 'background.paper',
        '&:hover': { bgcolor: 'background.paper' },
      }}
    >
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}
