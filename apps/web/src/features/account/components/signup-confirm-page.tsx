import { useEffect } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useValidConfirmation } from '../api/valid-confirmation.ts';
import { InvalidLinkCard } from './account-form.tsx';
import { AuthCard } from './auth-card.tsx';

/** The mailed link lands here: a good token continues to the signup steps. */
export function SignupConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token, check, valid } = useValidConfirmation();

  useEffect(() => {
    if (valid) void navigate({ to: '/signup/steps', search: { token }, replace: true });
  }, [valid, token, navigate]);

  if (token && (check.isPending || valid)) {
    return (
      <AuthCard title={t('signup_confirm.checking')}>
        <Box
          sx={{ display: 'flex', justifyContent: 'center', py: 3 }}
          role="status"
          aria-label={t('common.loading')}
        >
          <CircularProgress />
        </Box>
      </AuthCard>
    );
  }
  return <InvalidLinkCard texts="signup_confirm" to="/signup" />;
}
