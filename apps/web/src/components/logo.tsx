import Box from '@mui/material/Box';
import { Link } from '@tanstack/react-router';

/** The Signet mark and word; links home. */
export function Logo({ to = '/', plain = false }: { to?: string; plain?: boolean }) {
  // `plain` renders an ordinary link, for pages shown outside the router (the error page).
  const link = plain ? { component: 'a' as const, href: to } : { component: Link, to };
  return (
    <Box
      {...link}
      aria-label="Signet"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        color: 'primary.main',
        textDecoration: 'none',
      }}
    >
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="currentColor" />
        <path
          d="M8 21c3-7 5-10 7-10s-1 8 1 8 3-5 5-5 1 4 3 4"
          fill="none"
          stroke="#fff"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <Box
        component="span"
        sx={{ fontWeight: 800, fontSize: '1.3rem', letterSpacing: '-0.01em', color: 'text.primary' }}
      >
        Signet
      </Box>
    </Box>
  );
}
