import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { BoxLink, type StaticPath } from './router-links.tsx';

const logoSx = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 1,
  color: 'primary.main',
  textDecoration: 'none',
} as const;

/**
 * The Signet mark and word; links home: to a page of the app, or with `href` as an ordinary link,
 * for pages shown outside the router (the error page).
 */
export function Logo({ to = '/', href }: { to?: StaticPath; href?: string }) {
  return href ? (
    <Box component="a" href={href} aria-label="Signet" sx={logoSx}>
      <LogoContent />
    </Box>
  ) : (
    <BoxLink to={to} aria-label="Signet" sx={logoSx}>
      <LogoContent />
    </BoxLink>
  );
}

function LogoContent(): ReactNode {
  return (
    <>
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
    </>
  );
}
