import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/router-links.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { useConfirmBusinessSignup } from '../api/business-signup.ts';
import { useSignIn } from '../use-sign-in.ts';
import { InvalidLinkCard, LinkCheckingCard } from './account-form.tsx';
import { AuthCard } from './auth-card.tsx';

/**
 * /business/signup/confirm, where the mailed link lands: following it creates the account and
 * its business (once: the token is single use), signs in and opens the business's welcome.
 */
export function BusinessSignupConfirmPage() {
  const { t } = useTranslation(['account', 'translation'], { nsMode: 'fallback' });
  const errorText = useErrorText(['account']);
  const navigate = useNavigate();
  const signIn = useSignIn();
  const { token = '' } = useSearch({ strict: false }) as { token?: string };
  const confirm = useConfirmBusinessSignup();
  // The link is used up by its first call: a second render (React's strict mode) must not send it again.
  const sent = useRef(false);

  const { mutate } = confirm;
  const run = useCallback(
    () =>
      mutate(token, {
        onSuccess: async (session) => {
          await signIn(session);
          await navigate({ to: '/business/welcome', replace: true });
        },
      }),
    [mutate, token, signIn, navigate],
  );

  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    run();
  }, [token, run]);

  const code = isApiError(confirm.error) ? confirm.error.code : null;
  if (!token || code === 'TOKEN_INVALID' || code === 'VALIDATION_FAILED')
    return <InvalidLinkCard texts="signup_confirm" to="/business/signup" />;
  if (code === 'EMAIL_TAKEN')
    return (
      <AuthCard
        title={t('business_signup_confirm.taken_title')}
        intro={t('business_signup_confirm.taken_text')}
      >
        <ButtonLink to="/login" variant="contained" size="large" fullWidth>
          {t('common.login')}
        </ButtonLink>
      </AuthCard>
    );
  return (
    <LinkCheckingCard title={t('business_signup_confirm.checking')}>
      {confirm.isError && (
        <RetryAlert severity="error" retryLabel={t('common.try_again')} onRetry={run}>
          {errorText(confirm.error)}
        </RetryAlert>
      )}
    </LinkCheckingCard>
  );
}
