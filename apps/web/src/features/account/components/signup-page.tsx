import { useEffect } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../../components/router-links.tsx';
import { z } from 'zod';
import { usePageKey } from '../../../components/use-page-key.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { rules } from '../../../lib/validation.ts';
import { useRequestConfirmation } from '../api/request-confirmation.ts';
import { AccountForm, AuthFooter, EmailField, SubmitButton, useAccountForm } from './account-form.tsx';
import { AuthCard } from './auth-card.tsx';

const SignupForm = z.object({ email: rules.email() });

/** Spec §2 /business/signup keeps the `ucc` query value for the business registration. */
const uccStorageKey = 'signet.ucc';

/** Step one of signup (personal or business): the address the confirmation link goes to. */
export function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pageKey = usePageKey();
  const business = pageKey === 'business-signup';
  const search = useSearch({ strict: false }) as { ucc?: string };
  const request = useRequestConfirmation();
  const { form, field, formError, submit } = useAccountForm(SignupForm, { email: '' }, ['email']);

  useEffect(() => {
    if (business && search.ucc) localStorage.setItem(uccStorageKey, search.ucc);
  }, [business, search.ucc]);

  const onSubmit = submit(async (values) => {
    await request.mutateAsync({ email: values.email, lang: currentLanguage() });
    await navigate({ to: business ? '/business/signup/mail-sent' : '/signup/mail-sent' });
  });

  return (
    <AuthCard
      title={t(business ? 'signup.business_title' : 'signup.title')}
      intro={t('signup.intro')}
      error={formError}
    >
      <AccountForm onSubmit={onSubmit}>
        <EmailField autoFocus {...field('email')} />
        <SubmitButton busy={form.formState.isSubmitting}>{t('signup.submit')}</SubmitButton>
      </AccountForm>
      <AuthFooter>
        {t('signup.have_account')} <TextLink to="/login">{t('common.login')}</TextLink>
      </AuthFooter>
      {!business && (
        <AuthFooter>
          {t('signup.eid')} <TextLink to="/signup/flows/eidplus/new">{t('signup.eid_link')}</TextLink>
        </AuthFooter>
      )}
    </AuthCard>
  );
}
