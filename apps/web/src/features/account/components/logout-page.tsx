import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { accountEndpoints } from '@signet/contracts/endpoints/accounts';
import { callApi } from '../../../lib/api-client.ts';
import { clearToken } from '../../../lib/session.ts';

/** Ends the session here and in every other tab, then says goodbye (/bye). */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    callApi(accountEndpoints.logout)
      .catch(() => {
        // The session ends locally whatever the server said; an expired token is already gone.
      })
      .finally(() => {
        clearToken(true);
        queryClient.clear();
        void navigate({ to: '/bye', replace: true });
      });
  }, [navigate, queryClient]);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 4 }} role="status">
      <CircularProgress aria-hidden="true" />
      <Typography id="page-title" variant="h1" tabIndex={-1}>
        {t('logout.progress')}
      </Typography>
    </Box>
  );
}
