import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../../components/router-links.tsx';
import { z } from 'zod';
import { currentLanguage } from '../../../lib/i18n.ts';
import { rules } from '../../../lib/validation.ts';
import { useRequestConfirmation } from '../api/request-confirmation.ts';
import { AccountForm, AuthFooter, EmailField, SubmitButton, useAccountForm } from './account-form.tsx';
import { AuthCard } from './auth-card.tsx';

const SignupForm = z.object({ email: rules.email() });

/** Step one of the personal signup: the address the confirmation link goes to (the business signup is business-signup-page.tsx). */
export function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const request = useRequestConfirmation();
  const { form, field, formError, submit } = useAccountForm(SignupForm, { email: '' }, ['email']);

  const onSubmit = submit(async (values) => {
    await request.mutateAsync({ email: values.email, lang: currentLanguage() });
    await navigate({ to: '/signup/mail-sent' });
  });

  return (
    <AuthCard title={t('signup.title')} intro={t('signup.intro')} error={formError}>
      <AccountForm onSubmit={onSubmit}>
        <EmailField autoFocus {...field('email')} />
        <SubmitButton busy={form.formState.isSubmitting}>{t('signup.submit')}</SubmitButton>
      </AccountForm>
      <AuthFooter>
        {t('signup.have_account')} <TextLink to="/login">{t('common.login')}</TextLink>
      </AuthFooter>
      <AuthFooter>
        {t('signup.eid')} <TextLink to="/signup/flows/eidplus/new">{t('signup.eid_link')}</TextLink>
      </AuthFooter>
    </AuthCard>
  );
}
