import { useEffect } from 'react';
import { TextInput } from '../../../components/text-input.tsx';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextLink } from '../../../components/router-links.tsx';
import { rules } from '../../../lib/validation.ts';
import { businessSignupDraft, rememberUcc, saveBusinessSignupDraft } from '../business-signup-draft.ts';
import { AccountForm, AuthFooter, EmailField, SubmitButton, useAccountForm } from './account-form.tsx';
import { AuthCard } from './auth-card.tsx';

const ns = 'account';

/** The business's rules as the API checks them (contracts BusinessSignupBody). */
const BusinessForm = z.object({
  email: rules.email(),
  name: rules.required().pipe(rules.maxLength(100)),
  phone: z.union([z.literal(''), rules.phone()]),
});

/**
 * /business/signup, first page: the business (its name and phone) and the address the person
 * works under, which becomes the business's contact address. Nothing is sent yet: the next page
 * asks for the person, then everything goes at once.
 */
export function BusinessSignupPage() {
  const { t } = useTranslation([ns, 'translation'], { nsMode: 'fallback' });
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { ucc?: string };
  const { form, field, formError, submit } = useAccountForm(
    BusinessForm,
    businessSignupDraft() ?? { email: '', name: '', phone: '' },
    ['email', 'name', 'phone'],
  );

  useEffect(() => {
    if (search.ucc) rememberUcc(search.ucc);
  }, [search.ucc]);

  const onSubmit = submit(async (values) => {
    saveBusinessSignupDraft({
      email: values.email.trim(),
      name: values.name.trim(),
      phone: values.phone.trim(),
    });
    await navigate({ to: '/business/signup/steps' });
  });

  const phone = field('phone');
  return (
    <AuthCard title={t('signup.business_title')} intro={t('business_signup.intro')} error={formError}>
      <AccountForm onSubmit={onSubmit}>
        <TextInput
          label={t('business_signup.name')}
          autoComplete="organization"
          autoFocus
          {...field('name')}
        />
        <EmailField {...field('email', t('business_signup.email_hint'))} label={t('business_signup.email')} />
        <TextInput
          label={t('business_signup.phone')}
          type="tel"
          autoComplete="tel"
          {...phone}
          helperText={phone.helperText ?? t('business_signup.phone_hint')}
        />
        <SubmitButton busy={form.formState.isSubmitting}>{t('business_signup.next')}</SubmitButton>
      </AccountForm>
      <AuthFooter>
        {t('signup.have_account')} <TextLink to="/login">{t('common.login')}</TextLink>
      </AuthFooter>
      <AuthFooter>
        {t('business_signup.personal')} <TextLink to="/signup">{t('business_signup.personal_link')}</TextLink>
      </AuthFooter>
    </AuthCard>
  );
}
