import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Controller } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { z } from 'zod';
import { readConfig } from '../../../lib/config.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { storeToken } from '../../../lib/session.ts';
import { rules, translateValidation } from '../../../lib/validation.ts';
import { useRegister } from '../api/register.ts';
import { useValidConfirmation } from '../api/valid-confirmation.ts';
import { AccountForm, InvalidLinkCard, SubmitButton, useAccountForm } from './account-form.tsx';
import { AuthCard } from './auth-card.tsx';
import { NewPasswordField, useNewPassword } from './password-check.tsx';

const StepsForm = z.object({
  firstName: rules.required().pipe(rules.maxLength(100)),
  lastName: rules.required().pipe(rules.maxLength(100)),
  password: rules.required(),
  mobile: z.union([z.literal(''), rules.phone()]),
  gtc: rules.mustBeTrue('validation.terms'),
});
const fields = ['firstName', 'lastName', 'password', 'mobile', 'gtc'] as const;

/** Signup after the e-mail is confirmed: name, password (checked live by the server), terms. */
export function SignupStepsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { token = '' } = useSearch({ strict: false }) as { token?: string };
  const confirmation = useValidConfirmation(token);
  const register = useRegister();
  const { form, field, formError, submit } = useAccountForm(
    StepsForm,
    { firstName: '', lastName: '', password: '', mobile: '', gtc: false },
    fields,
  );
  const [firstName, lastName] = form.watch(['firstName', 'lastName']);
  const password = useNewPassword(form, 'password', {
    firstName,
    lastName,
    email: confirmation.data?.email ?? undefined,
  });
  const termsUrl = readConfig().termsUrl;

  if (!token || confirmation.data?.valid === false || confirmation.isError)
    return <InvalidLinkCard texts="signup_confirm" to="/signup" />;

  const onSubmit = submit(async (values) => {
    if (password.refuse()) return;
    const session = await register.mutateAsync({
      token,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      password: values.password,
      gtc: true,
      lang: currentLanguage(),
      ...(values.mobile.trim() ? { mobile: values.mobile.trim() } : {}),
    });
    storeToken(session);
    await queryClient.invalidateQueries({ queryKey: ['user'] });
    await navigate({ to: '/welcome', replace: true });
  });

  const intro = confirmation.data?.email
    ? t('signup_steps.intro_email', { email: confirmation.data.email })
    : t('signup_steps.intro');
  const mobile = field('mobile');
  return (
    <AuthCard title={t('signup_steps.title')} intro={intro} error={formError}>
      <AccountForm onSubmit={onSubmit}>
        <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } }}>
          <TextField
            label={t('signup_steps.first_name')}
            autoComplete="given-name"
            autoFocus
            {...field('firstName')}
          />
          <TextField label={t('signup_steps.last_name')} autoComplete="family-name" {...field('lastName')} />
        </Box>
        <NewPasswordField label={t('common.password')} verdict={password.verdict} {...field('password')} />
        <TextField
          label={t('signup_steps.mobile')}
          type="tel"
          autoComplete="tel"
          {...mobile}
          helperText={mobile.helperText ?? t('signup_steps.mobile_hint')}
        />
        <Controller
          control={form.control}
          name="gtc"
          render={({ field: gtc, fieldState }) => (
            <Box>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={gtc.value}
                    onChange={(event) => gtc.onChange(event.target.checked)}
                    slotProps={{ input: { ref: gtc.ref } }}
                  />
                }
                label={
                  <Trans
                    i18nKey="signup_steps.gtc"
                    components={{
                      terms: termsUrl ? <Link href={termsUrl} target="_blank" rel="noopener" /> : <span />,
                    }}
                  />
                }
              />
              {fieldState.error && (
                <FormHelperText error>{translateValidation(t, fieldState.error.message)}</FormHelperText>
              )}
            </Box>
          )}
        />
        <SubmitButton busy={form.formState.isSubmitting}>{t('signup_steps.submit')}</SubmitButton>
      </AccountForm>
    </AuthCard>
  );
}
