import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextLink } from '../../../components/router-links.tsx';
import { rules } from '../../../lib/validation.ts';
import { useLogin } from '../api/login.ts';
import { deviceTokenFor, rememberDeviceToken } from '../device-tokens.ts';
import { normaliseLoginSearch } from '../login-search.ts';
import { useSignIn } from '../use-sign-in.ts';
import { AccountForm, AuthFooter, EmailField, SubmitButton, useAccountForm } from './account-form.tsx';
import { AuthCard } from './auth-card.tsx';
import { PasswordField } from './password-field.tsx';

const LoginForm = z.object({ email: rules.email(), password: rules.required() });

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const search = normaliseLoginSearch(useSearch({ strict: false }));
  const login = useLogin();
  const { form, field, formError, submit } = useAccountForm(
    LoginForm,
    { email: search.email ?? '', password: '' },
    ['email', 'password'],
  );

  const onSubmit = submit(async (values) => {
    const token = await login.mutateAsync({ ...values, deviceToken: deviceTokenFor(values.email) });
    rememberDeviceToken(values.email, token.deviceToken);
    await signIn(token);
    // The return target is a path with its query, as the guard remembered it.
    if (search.redirect) await navigate({ href: search.redirect, replace: true });
    else await navigate({ to: '/dashboard', replace: true });
  });

  return (
    <AuthCard title={t('login.title')} intro={t('login.intro')} error={formError}>
      <AccountForm onSubmit={onSubmit}>
        <EmailField autoFocus={!search.email} {...field('email')} />
        <PasswordField
          label={t('common.password')}
          autoComplete="current-password"
          autoFocus={Boolean(search.email)}
          {...field('password')}
        />
        <TextLink to="/password-reset" variant="body2" sx={{ alignSelf: 'flex-end' }}>
          {t('login.forgot')}
        </TextLink>
        <SubmitButton busy={form.formState.isSubmitting}>{t('common.login')}</SubmitButton>
      </AccountForm>
      <AuthFooter>
        {t('login.no_account')} <TextLink to="/signup">{t('login.to_signup')}</TextLink>
      </AuthFooter>
    </AuthCard>
  );
}
