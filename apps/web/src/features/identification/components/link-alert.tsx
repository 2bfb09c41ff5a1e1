import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import type { LinkOptions } from '@tanstack/react-router';
import { ButtonLink } from '../../../components/router-links.tsx';

/** A note above a page's content, with the one way on from it at its end (a small link). */
export function LinkAlert({
  severity,
  maxWidth,
  link,
  linkText,
  children,
}: {
  severity: 'info' | 'success';
  maxWidth: number;
  link: LinkOptions;
  linkText: string;
  children: ReactNode;
}) {
  return (
    <Alert
      severity={severity}
      sx={{ mb: 2, maxWidth }}
      action={
        <ButtonLink color="inherit" size="small" {...link}>
          {linkText}
        </ButtonLink>
      }
    >
      {children}
    </Alert>
  );
}
