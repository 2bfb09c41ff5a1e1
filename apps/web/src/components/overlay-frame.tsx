import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { overlayTitleId } from './overlay-host.tsx';

export type OverlayTone = 'progress' | 'success' | 'error' | 'warning' | 'info';

const toneColor: Record<OverlayTone, string> = {
  progress: 'primary.main',
  success: 'success.main',
  error: 'error.main',
  warning: 'warning.main',
  info: 'primary.main',
};

/** The look of every overlay: icon, title, text, content and the ways on. */
export function OverlayFrame({
  icon,
  tone,
  title,
  body,
  children,
  actions,
}: {
  icon?: ReactNode;
  tone?: OverlayTone;
  title: string;
  body?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Box
      sx={{
        width: '100%',
        maxWidth: 560,
        textAlign: 'center',
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        alignItems: 'center',
        overflowWrap: 'anywhere',
      }}
    >
      {icon && (
        <Box aria-hidden="true" sx={{ color: toneColor[tone ?? 'info'], '& svg': { fontSize: 72 } }}>
          {icon}
        </Box>
      )}
      <Typography id={overlayTitleId} variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
        {title}
      </Typography>
      {body && (
        <Typography color="text.secondary" component="div">
          {body}
        </Typography>
      )}
      {children}
      {actions && (
        <Stack
          direction={{ xs: 'column-reverse', sm: 'row' }}
          spacing={1.5}
          sx={{ width: { xs: '100%', sm: 'auto' }, justifyContent: 'center', mt: 1 }}
        >
          {actions}
        </Stack>
      )}
    </Box>
  );
}
