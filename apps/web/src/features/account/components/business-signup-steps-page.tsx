import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink, TextLink } from '../../../components/router-links.tsx';
import { useBusinessSignup } from '../api/business-signup.ts';
import { businessSignupDraft, clearBusinessSignupDraft, rememberedUcc } from '../business-signup-draft.ts';
import { AccountForm, AuthFooter, NameFields, useAccountForm } from './account-form.tsx';
import { AuthCard } from './auth-card.tsx';
import {
  NewAccountFields,
  NewPersonForm,
  newAccountBody,
  newPersonDefaults,
  newPersonServerFields,
} from './new-account-fields.tsx';
import { useNewPassword } from './password-check.tsx';

/**
 * /business/signup/steps: the person who opens the business (name, password as the personal
 * signup checks it, terms). Sends the whole signup; the account and the business are created
 * only when the mailed link is followed.
 */
export function BusinessSignupStepsPage() {
  const draft = businessSignupDraft();
  if (!draft) return <StartWithBusiness />;
  return <PersonForm business={draft} />;
}

function PersonForm({ business }: { business: { email: string; name: string; phone: string } }) {
  const { t } = useTranslation(['account', 'translation'], { nsMode: 'fallback' });
  const navigate = useNavigate();
  const signup = useBusinessSignup();
  const { form, field, formError, submit } = useAccountForm(
    NewPersonForm,
    newPersonDefaults,
    newPersonServerFields,
  );
  const [firstName, lastName] = form.watch(['firstName', 'lastName']);
  const password = useNewPassword(form, 'password', { firstName, lastName, email: business.email });

  const onSubmit = submit(async (values) => {
    if (password.refuse()) return;
    const celloUCC = rememberedUcc();
    await signup.mutateAsync({
      email: business.email,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      ...newAccountBody(values),
      ...(celloUCC ? { celloUCC } : {}),
      business: { name: business.name, ...(business.phone ? { phone: business.phone } : {}) },
    });
    clearBusinessSignupDraft();
    await navigate({ to: '/business/signup/mail-sent' });
  });

  return (
    <AuthCard
      title={t('business_signup.steps_title')}
      intro={t('business_signup.steps_intro', { business: business.name, email: business.email })}
      error={formError}
    >
      <AccountForm onSubmit={onSubmit}>
        <NameFields
          sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } }}
          first={{ label: t('signup_steps.first_name'), autoFocus: true, ...field('firstName') }}
          last={{ label: t('signup_steps.last_name'), ...field('lastName') }}
        />
        <NewAccountFields
          form={form}
          field={field}
          password={password}
          submitLabel={t('business_signup.submit')}
        />
      </AccountForm>
      <AuthFooter>
        <TextLink to="/business/signup">{t('business_signup.change')}</TextLink>
      </AuthFooter>
    </AuthCard>
  );
}

/** Opened without the first page's answers (another tab, a bookmark): that page comes first. */
function StartWithBusiness() {
  const { t } = useTranslation(['account', 'translation'], { nsMode: 'fallback' });
  return (
    <AuthCard title={t('business_signup.steps_title')} intro={t('business_signup.start_first')}>
      <ButtonLink to="/business/signup" variant="contained" size="large" fullWidth>
        {t('business_signup.start')}
      </ButtonLink>
    </AuthCard>
  );
}
