import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';

interface InlineConfirmProps {
  /** The question, also the alert dialog's accessible name. */
  question: string;
  keepLabel: string;
  confirmLabel: string;
  /** While the confirmed action runs. */
  loading: boolean;
  /** Why the action failed, shown under the question. */
  error?: string | null;
  onKeep: () => void;
  onConfirm: () => void;
  sx?: SxProps<Theme>;
}

/**
 * A destructive action's confirmation in place, under what it removes (no modal): the question,
 * keep, and the action itself in red.
 */
export function InlineConfirm({
  question,
  keepLabel,
  confirmLabel,
  loading,
  error,
  onKeep,
  onConfirm,
  sx,
}: InlineConfirmProps) {
  return (
    <Alert
      severity="warning"
      role="alertdialog"
      aria-label={question}
      sx={[{ overflowWrap: 'anywhere' }, ...(Array.isArray(sx) ? sx : [sx])]}
      action={
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button color="inherit" size="small" onClick={onKeep}>
            {keepLabel}
          </Button>
          <Button color="error" size="small" variant="contained" loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Box>
      }
    >
      {question}
      {error && <Box sx={{ mt: 1 }}>{error}</Box>}
    </Alert>
  );
}
