import { useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate } from '../../../lib/i18n.ts';
import { z } from 'zod';
import type { EidPerson } from '@signet/contracts/eid';
import { ButtonLink } from '../../../components/router-links.tsx';
import { FactList } from '../../../components/fact-list.tsx';
import { takeEidAnswer } from '../../../lib/eid-answer.ts';
import { useErrorText } from '../../../lib/server-errors.ts';
import { rules } from '../../../lib/validation.ts';
import { useEidSignupPerson, useRegisterWithEid } from '../api/eid-signup.ts';
import { AccountForm, EmailField, useAccountForm } from './account-form.tsx';
import { AuthCard } from './auth-card.tsx';
import {
  NewAccountFields,
  newAccountBody,
  newAccountDefaults,
  newAccountRules,
} from './new-account-fields.tsx';
import { useNewPassword } from './password-check.tsx';
import { useSignIn } from '../use-sign-in.ts';

const EidAccountForm = z.object({ email: rules.email(), ...newAccountRules });
const fields = ['email', 'password', 'mobile', 'gtc'] as const;

/**
 * /signup/flows/eidplus/confirm: ID Austria sent the browser back. The answer is redeemed once; the
 * person sees the name and birth date their eID vouched for, and completes the account with an
 * e-mail address (confirmed from its inbox afterwards) and a password.
 */
export function EidSignupConfirmPage() {
  const { t } = useTranslation();
  const [answer] = useState(takeEidAnswer);
  const person = useEidSignupPerson(answer);
  const errorText = useErrorText();

  if (!answer || person.isError)
    return (
      <AuthCard
        title={t('eid_signup.failed_title')}
        intro={answer ? errorText(person.error) : t('eid_signup.no_answer')}
      >
        <ButtonLink to="/signup/flows/eidplus/new" variant="contained" size="large" fullWidth>
          {t('eid_signup.again')}
        </ButtonLink>
      </AuthCard>
    );
  if (!person.data)
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }}>
        <CircularProgress size={24} aria-hidden="true" />
        <Typography>{t('eid_signup.checking')}</Typography>
      </Box>
    );
  return <CompleteEidAccount state={answer.state} person={person.data} />;
}

function CompleteEidAccount({ state, person }: { state: string; person: EidPerson }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const register = useRegisterWithEid();
  const { form, field, formError, submit } = useAccountForm(
    EidAccountForm,
    { email: '', ...newAccountDefaults },
    fields,
  );
  const email = form.watch('email');
  const password = useNewPassword(form, 'password', { ...person, email });
  const birthDate = formatCalendarDate(person.birthDate);

  const onSubmit = submit(async (values) => {
    if (password.refuse()) return;
    const session = await register.mutateAsync({ state, email: values.email, ...newAccountBody(values) });
    await signIn(session);
    await navigate({ to: '/welcome', replace: true });
  });

  const emailField = field('email');
  return (
    <AuthCard title={t('eid_signup.confirm_title')} intro={t('eid_signup.confirm_intro')} error={formError}>
      <Box
        sx={{ mb: 3, p: 2, border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}
      >
        <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          {t('eid_signup.vouched_heading')}
        </Typography>
        <FactList
          facts={[
            [t('signup_steps.first_name'), person.firstName],
            [t('signup_steps.last_name'), person.lastName],
            [t('eid_signup.birth_date'), birthDate],
          ]}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('eid_signup.vouched_note')}
        </Typography>
      </Box>
      <AccountForm onSubmit={onSubmit}>
        <EmailField
          autoFocus
          {...emailField}
          helperText={emailField.helperText ?? t('eid_signup.email_hint')}
        />
        <NewAccountFields form={form} field={field} password={password} />
      </AccountForm>
    </AuthCard>
  );
}
