import type { ReactNode } from 'react';
import Alert, { type AlertProps } from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** Data that could not be (re)loaded: what went wrong, with a small retry button at the alert's end. */
export function RetryAlert({
  severity,
  retryLabel,
  onRetry,
  sx,
  children,
}: {
  severity: 'error' | 'warning';
  retryLabel: string;
  onRetry: () => void;
  sx?: AlertProps['sx'];
  children: ReactNode;
}) {
  return (
    <Alert
      severity={severity}
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
