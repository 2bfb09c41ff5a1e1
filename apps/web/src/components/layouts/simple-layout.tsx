import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { Logo } from '../logo.tsx';
import { edgeBarSx, Footer } from './footer.tsx';
import { mainContentId, SkipLink } from './skip-link.tsx';

/** Logo on top, one centred card: for pages that stand alone (bye, expired, maintenance …). */
export function SimpleLayout({ children, aside }: { children?: ReactNode; aside?: ReactNode }) {
  // The direct-sign view shows a whole document beside its signers: it needs the page's width.
  const wide = useRouterState({ select: (state) => state.location.pathname.startsWith('/view/') });
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <SkipLink />
      <Box component="header" sx={{ ...edgeBarSx, py: 2, justifyContent: 'space-between' }}>
        <Logo />
        {aside}
      </Box>
      <Container
        component="main"
        id={mainContentId}
        tabIndex={-1}
        maxWidth={wide ? 'xl' : 'sm'}
        sx={{ flex: 1, py: { xs: 2, sm: wide ? 3 : 6 }, outline: 'none' }}
      >
        <Paper variant="outlined" sx={{ p: wide ? { xs: 2, sm: 3 } : { xs: 3, sm: 5 } }}>
          {children ?? <Outlet />}
        </Paper>
      </Container>
      <Footer />
    </Box>
  );
}
