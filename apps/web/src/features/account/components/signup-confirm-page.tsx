import { useEffect } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/router-links.tsx';
import { useValidConfirmation } from '../api/valid-confirmation.ts';
import { AuthCard } from './auth-card.tsx';

/** The mailed link lands here: a good token continues to the signup steps. */
export function SignupConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useSearch({ strict: false }) as { token?: string };
  const check = useValidConfirmation(token);
  const valid = check.data?.valid === true;

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
  return (
    <AuthCard title={t('signup_confirm.invalid_title')} intro={t('signup_confirm.invalid_text')}>
      <ButtonLink to="/signup" variant="contained" size="large" fullWidth>
        {t('signup_confirm.again')}
      </ButtonLink>
    </AuthCard>
  );
}
