import { createTheme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xs: true;
    sm: true;
    md: true;
    lg: true;
    xl: true;
    xxl: true;
  }
  interface Palette {
    plan: Record<'individual' | 'team' | 'pro' | 'scale', string>;
    signatureLevel: Record<'ses' | 'aes' | 'qes' | 'part11', string>;
  }
  interface PaletteOptions {
    plan?: Record<'individual' | 'team' | 'pro' | 'scale', string>;
    signatureLevel?: Record<'ses' | 'aes' | 'qes' | 'part11', string>;
  }
}

/** Spec §9: the app's breakpoints; below lg counts as mobile. Light theme only. */
const breakpoints = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;

export const theme = createTheme({
  breakpoints: { values: breakpoints },
  palette: {
    mode: 'light',
    primary: { main: '#1b3a6b', contrastText: '#ffffff' },
    secondary: { main: '#0f766e', contrastText: '#ffffff' },
    error: { main: '#b3261e' },
    warning: { main: '#9a5b00' },
    success: { main: '#1e6b35' },
    background: { default: '#f5f7fb', paper: '#ffffff' },
    text: { primary: '#1a2233', secondary: '#4a5568' },
    plan: { individual: '#4a5568', team: '#2563a8', pro: '#6d28d9', scale: '#0f766e' },
    signatureLevel: { ses: '#4a6fa5', aes: '#0f766e', qes: '#7c3aed', part11: '#b45309' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '2rem', fontWeight: 700, lineHeight: 1.2 },
    h2: { fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.25 },
    h3: { fontSize: '1.25rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTooltip: { defaultProps: { enterDelay: 150 } },
    MuiMenu: { defaultProps: { transitionDuration: { exit: 5 } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
  },
});
