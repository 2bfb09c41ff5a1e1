import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import { Outlet } from '@tanstack/react-router';
import { Logo } from '../logo.tsx';
import { Footer } from './footer.tsx';
import { mainContentId, SkipLink } from './skip-link.tsx';

/** Logo on top, one centred card: for pages that stand alone (bye, expired, maintenance …). */
export function SimpleLayout({ children, aside }: { children?: ReactNode; aside?: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <SkipLink />
      <Box
        component="header"
        sx={{
          px: { xs: 2, sm: 4 },
          py: 2,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Logo />
        {aside}
      </Box>
      <Container
        component="main"
        id={mainContentId}
        tabIndex={-1}
        maxWidth="sm"
        sx={{ flex: 1, py: { xs: 2, sm: 6 }, outline: 'none' }}
      >
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
          {children ?? <Outlet />}
        </Paper>
      </Container>
      <Footer />
    </Box>
  );
}
