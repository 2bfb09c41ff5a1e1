import './storage-fallback.ts';
import './zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { I18nextProvider } from 'react-i18next';
import { AppErrorBoundary } from './app-error-boundary.tsx';
import { reloadForNewChunks } from './components/app-error-page.tsx';
import { safeReturnPath } from './features/account/login-search.ts';
import { setApiHandlers } from './lib/api-client.ts';
import { reportError } from './lib/error-reporter.ts';
import { createStyleCache } from './lib/style-cache.ts';
import { initI18n, pickLanguage, prepareDateFormatting } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { clearToken, onSessionChange, startSessionSync } from './lib/session.ts';
import { theme } from './lib/theme.ts';
import { createAppRouter, preloadPageChunks } from './router.tsx';
import { currentHref, isNavigating, setAppRouter } from './routes/app-navigation.ts';

const publicPrefixes = [
  '/login',
  '/logout',
  '/bye',
  '/signup',
  '/password-reset',
  '/sso',
  '/sorry',
  '/maintenance',
  '/expired',
];

async function start() {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  // The page's chunks and its language load while other tabs are asked for their session (up to
  // 150 ms when none answers), rather than one after the other once the app renders.
  preloadPageChunks(router, window.location.pathname);
  const language = pickLanguage(window.location.search, window.location.pathname, navigator.languages);
  prepareDateFormatting(language);
  const [, i18n] = await Promise.all([startSessionSync(), initI18n(language)]);
  setAppRouter(router);

  setApiHandlers({
    // Spec §4/§8: a 401 clears the token and logs out, remembering where the user was.
    onUnauthorized(error) {
      reportError(error, { context: 'authentication' });
      clearToken(false);
      queryClient.removeQueries({ queryKey: ['user'] });
      if (isNavigating()) return; // the navigation's own guard sends the browser to /login
      const here = currentHref();
      const redirect = safeReturnPath(here);
      if (publicPrefixes.some((prefix) => here.startsWith(prefix))) return;
      void router.navigate({ to: '/login', search: redirect ? { redirect } : {} });
    },
    onServerError() {
      if (!isNavigating()) void router.navigate({ to: '/sorry' });
    },
  });

  // Another tab logged in or out: follow it. (This tab's own changes navigate where they happen.)
  onSessionChange((event, origin) => {
    if (origin === 'local') return;
    if (event === 'logout') {
      queryClient.clear();
      const here = currentHref();
      if (!publicPrefixes.some((prefix) => here.startsWith(prefix))) void router.navigate({ to: '/login' });
    } else {
      void queryClient.invalidateQueries({ queryKey: ['user'] }).then(() => router.invalidate());
    }
  });

  // A deployment replaced the chunks this page knows: load the current build.
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForNewChunks()) event.preventDefault();
  });

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <CacheProvider value={createStyleCache()}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <I18nextProvider i18n={i18n}>
            <AppErrorBoundary>
              <QueryClientProvider client={queryClient}>
                <RouterProvider router={router} />
              </QueryClientProvider>
            </AppErrorBoundary>
          </I18nextProvider>
        </ThemeProvider>
      </CacheProvider>
    </StrictMode>,
  );
}

void start();
