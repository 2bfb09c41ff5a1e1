import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextLink } from '../../../components/router-links.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { rules } from '../../../lib/validation.ts';
import { useRequestReset } from '../api/request-reset.ts';
import { AccountForm, AuthFooter, EmailField, SubmitButton, useAccountForm } from './account-form.tsx';
import { AuthCard } from './auth-card.tsx';

const ResetForm = z.object({ email: rules.email() });

export function PasswordResetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const request = useRequestReset();
  const { form, field, formError, submit } = useAccountForm(ResetForm, { email: '' }, ['email']);
  const onSubmit = submit(async (values) => {
    await request.mutateAsync({ email: values.email, lang: currentLanguage() });
    await navigate({ to: '/password-reset/mail-sent' });
  });
  return (
    <AuthCard title={t('password_reset.title')} intro={t('password_reset.intro')} error={formError}>
      <AccountForm onSubmit={onSubmit}>
        <EmailField autoFocus {...field('email')} />
        <SubmitButton busy={form.formState.isSubmitting}>{t('password_reset.submit')}</SubmitButton>
      </AccountForm>
      <AuthFooter>
        <TextLink to="/login">{t('common.to_login')}</TextLink>
      </AuthFooter>
    </AuthCard>
  );
}
