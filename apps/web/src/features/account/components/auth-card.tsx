import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Heading, intro, an optional error and the form, as every account page shows them. */
export function AuthCard({
  title,
  intro,
  error,
  children,
}: {
  title: string;
  intro?: ReactNode;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <Box>
      <Typography id="page-title" variant="h1" tabIndex={-1} sx={{ mb: 1, outline: 'none' }}>
        {title}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {intro}
        </Typography>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {error}
        </Alert>
      )}
      {children}
    </Box>
  );
}
