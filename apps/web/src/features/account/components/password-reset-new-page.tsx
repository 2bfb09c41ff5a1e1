import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { rules } from '../../../lib/validation.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AccountForm, InvalidLinkCard, SubmitButton, useAccountForm } from './account-form.tsx';
import { AuthCard } from './auth-card.tsx';
import { NewPasswordField, useNewPassword } from './password-check.tsx';

const NewPasswordForm = z.object({ password: rules.required() });

export function PasswordResetNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useSearch({ strict: false }) as { token?: string };
  const reset = useResetPassword();
  const { form, field, formError, submit } = useAccountForm(NewPasswordForm, { password: '' }, ['password']);
  const password = useNewPassword(form, 'password');

  if (token.length < 16) return <InvalidLinkCard texts="password_reset_new" to="/password-reset" />;

  const onSubmit = submit(async (values) => {
    if (password.refuse()) return;
    await reset.mutateAsync({ token, password: values.password });
    await navigate({ to: '/password-reset/confirm', replace: true });
  });

  return (
    <AuthCard title={t('password_reset_new.title')} intro={t('password_reset_new.intro')} error={formError}>
      <AccountForm onSubmit={onSubmit}>
        <NewPasswordField
          label={t('password_reset_new.password')}
          autoFocus
          verdict={password.verdict}
          {...field('password')}
        />
        <SubmitButton busy={form.formState.isSubmitting}>{t('password_reset_new.submit')}</SubmitButton>
      </AccountForm>
    </AuthCard>
  );
}
