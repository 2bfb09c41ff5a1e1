import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { accountEndpoints } from '@signet/contracts/endpoints/accounts';
import type { User } from '@signet/contracts/accounts';
import { PageLoading } from '../../../components/page-frame.tsx';
import { callApi } from '../../../lib/api-client.ts';
import { userQueryKey, userQueryOptions } from '../../../lib/api/get-user.ts';
import { rules } from '../../../lib/validation.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { AccountForm, NameFields, SubmitButton, useAccountForm } from './account-form.tsx';
import { AuthCard } from './auth-card.tsx';
import { TermsCheckbox } from './new-account-fields.tsx';

const SsoSignupValues = z.object({
  firstName: rules.required().pipe(rules.maxLength(100)),
  lastName: rules.required().pipe(rules.maxLength(100)),
  gtc: rules.mustBeTrue('validation.terms'),
});

/**
 * /signup/sso: the first login through a company's single sign-on made the account; the person
 * checks the names their company's provider sent (or adds them) and accepts the terms. Until then
 * the guard keeps them here (spec §2: incomplete single-sign-on setup).
 */
export function SignupSsoPage() {
  const { t } = useTranslation();
  const user = useQuery(userQueryOptions);
  if (user.isError)
    return (
      <AuthCard title={t('pages.signup-sso.heading')} error={t('errors.generic')}>
        {null}
      </AuthCard>
    );
  if (!user.data) return <PageLoading label={t('common.loading')} />;
  return <SsoSignupForm user={user.data} />;
}

function SsoSignupForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useUpdateUser();
  const { form, field, formError, submit } = useAccountForm(
    SsoSignupValues,
    { firstName: user.firstName, lastName: user.lastName, gtc: false },
    ['firstName', 'lastName'],
  );
  const onSubmit = submit(async (values) => {
    await update.mutateAsync({ firstName: values.firstName.trim(), lastName: values.lastName.trim() });
    // The guard reads the cached user: with the terms accepted it lets the person through.
    queryClient.setQueryData(
      userQueryKey,
      await callApi(accountEndpoints.accept, { body: { accept: 'gtc' } }),
    );
    await navigate({ to: '/dashboard', replace: true });
  });
  return (
    <AuthCard
      title={t('pages.signup-sso.heading')}
      intro={t('signup_sso.intro', { email: user.email })}
      error={formError}
    >
      <AccountForm onSubmit={onSubmit}>
        <NameFields
          sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } }}
          first={{ label: t('signup_steps.first_name'), autoFocus: !user.firstName, ...field('firstName') }}
          last={{ label: t('signup_steps.last_name'), ...field('lastName') }}
        />
        <TermsCheckbox control={form.control as unknown as Control<{ gtc: boolean }>} />
        <SubmitButton busy={form.formState.isSubmitting}>{t('signup_sso.submit')}</SubmitButton>
      </AccountForm>
    </AuthCard>
  );
}
