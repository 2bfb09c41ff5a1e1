import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { rememberedInvitation } from '../../../lib/remembered-invitation.ts';
import { useRegister } from '../api/register.ts';
import { useValidConfirmation } from '../api/valid-confirmation.ts';
import { AccountForm, InvalidLinkCard, NameFields, useAccountForm } from './account-form.tsx';
import { AuthCard } from './auth-card.tsx';
import {
  NewAccountFields,
  NewPersonForm,
  newAccountBody,
  newPersonDefaults,
  newPersonServerFields,
} from './new-account-fields.tsx';
import { useNewPassword } from './password-check.tsx';
import { useSignIn } from '../use-sign-in.ts';

/** Signup after the e-mail is confirmed: name, password (checked live by the server), terms. */
export function SignupStepsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const { token, check: confirmation } = useValidConfirmation();
  const register = useRegister();
  const { form, field, formError, submit } = useAccountForm(
    NewPersonForm,
    newPersonDefaults,
    newPersonServerFields,
  );
  const [firstName, lastName] = form.watch(['firstName', 'lastName']);
  const password = useNewPassword(form, 'password', {
    firstName,
    lastName,
    email: confirmation.data?.email ?? undefined,
  });

  if (!token || confirmation.data?.valid === false || confirmation.isError)
    return <InvalidLinkCard texts="signup_confirm" to="/signup" />;

  const onSubmit = submit(async (values) => {
    if (password.refuse()) return;
    const session = await register.mutateAsync({
      token,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      ...newAccountBody(values),
    });
    // Read before the session is stored: another tab of this browser (the one that asked for the
    // confirmation mail) follows the new session to the invitation, and forgets it when shown.
    const invitation = rememberedInvitation();
    await signIn(session);
    if (invitation) await navigate({ to: '/invite/$id', params: { id: invitation }, replace: true });
    else await navigate({ to: '/welcome', replace: true });
  });

  const intro = confirmation.data?.email
    ? t('signup_steps.intro_email', { email: confirmation.data.email })
    : t('signup_steps.intro');
  return (
    <AuthCard title={t('signup_steps.title')} intro={intro} error={formError}>
      <AccountForm onSubmit={onSubmit}>
        <NameFields
          sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } }}
          first={{ label: t('signup_steps.first_name'), autoFocus: true, ...field('firstName') }}
          last={{ label: t('signup_steps.last_name'), ...field('lastName') }}
        />
        <NewAccountFields form={form} field={field} password={password} />
      </AccountForm>
    </AuthCard>
  );
}
