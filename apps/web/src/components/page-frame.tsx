import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Image } from './image.tsx';

/** Heading and body of a page inside a layout. The h1 receives focus after navigation (see root shell). */
export function PageFrame({
  title,
  subtitle,
  actions,
  children,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby="page-title">
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          mb: 3,
        }}
      >
        <Box>
          <Typography id="page-title" variant="h1" tabIndex={-1} sx={{ outline: 'none' }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions}
      </Box>
      {children}
    </Box>
  );
}

/** What a page shows when there is nothing yet: what it is for, and what to do next. */
/** The look of a page's central invitation (nothing here yet; drop files here): a dashed, centred card. */
export const dashedPanel = {
  borderRadius: 2,
  p: { xs: 3, sm: 5 },
  textAlign: 'center',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 1.5,
} as const;

interface EmptyStateProps {
  icon: ReactNode;
  /** One of the site's empty-state drawings (public/img), shown instead of the icon; decorative. */
  picture?: string;
  heading: string;
  text: string;
  action?: ReactNode;
}

export function EmptyState({ icon, picture, heading, text, action }: EmptyStateProps) {
  return (
    <Box
      sx={{
        ...dashedPanel,
        border: 1,
        borderColor: 'divider',
        borderStyle: 'dashed',
        bgcolor: 'background.paper',
      }}
    >
      {picture ? (
        <Image src={picture} width={240} height={180} alt="" sx={{ maxWidth: { xs: 180, sm: 240 } }} />
      ) : (
        <Box aria-hidden="true" sx={{ color: 'primary.main', '& svg': { fontSize: 48 } }}>
          {icon}
        </Box>
      )}
      <Typography variant="h2" component="h2">
        {heading}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
        {text}
      </Typography>
      {action && <Box sx={{ mt: 1 }}>{action}</Box>}
    </Box>
  );
}

/** A page's body while its data loads: a centred spinner named for screen readers. */
export function PageLoading({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

/** A whole page while its data loads: its heading, and the spinner under it. */
export function PageFrameLoading({ title, label }: { title: string; label: string }) {
  return (
    <PageFrame title={title}>
      <PageLoading label={label} />
    </PageFrame>
  );
}

/** A whole page that is only its empty state (nothing to show: missing, failed, or not for here). */
export function PageFrameEmpty({ title, ...empty }: EmptyStateProps & { title: string }) {
  return (
    <PageFrame title={title}>
      <EmptyState {...empty} />
    </PageFrame>
  );
}
