import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useValidConfirmation } from '../api/valid-confirmation.ts';
import { InvalidLinkCard, LinkCheckingCard } from './account-form.tsx';

/** The mailed link lands here: a good token continues to the signup steps. */
export function SignupConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token, check, valid } = useValidConfirmation();

  useEffect(() => {
    if (valid) void navigate({ to: '/signup/steps', search: { token }, replace: true });
  }, [valid, token, navigate]);

  if (token && (check.isPending || valid)) {
    return <LinkCheckingCard title={t('signup_confirm.checking')} />;
  }
  return <InvalidLinkCard texts="signup_confirm" to="/signup" />;
}
