import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Controller, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ButtonLink } from '../../../components/router-links.tsx';
import { readConfig } from '../../../lib/config.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { storeToken } from '../../../lib/session.ts';
import { rules, translateValidation } from '../../../lib/validation.ts';
import { useRegister } from '../api/register.ts';
import { useValidConfirmation } from '../api/valid-confirmation.ts';
import { AuthCard } from './auth-card.tsx';
import { PasswordField } from './password-field.tsx';
import { PasswordVerdict, usePasswordVerdict } from './password-check.tsx';
import { useServerErrors } from './use-server-errors.ts';

const StepsForm = z.object({
  firstName: rules.required().pipe(rules.maxLength(100)),
  lastName: rules.required().pipe(rules.maxLength(100)),
  password: rules.required(),
  mobile: z.union([z.literal(''), rules.phone()]),
  gtc: rules.mustBeTrue('validation.terms'),
});
type StepsForm = z.infer<typeof StepsForm>;
const fields = ['firstName', 'lastName', 'password', 'mobile', 'gtc'] as const;

/** Signup after the e-mail is confirmed: name, password (checked live by the server), terms. */
export function SignupStepsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { token = '' } = useSearch({ strict: false }) as { token?: string };
  const confirmation = useValidConfirmation(token);
  const register = useRegister();
  const form = useForm<StepsForm>({
    resolver: zodResolver(StepsForm),
    defaultValues: { firstName: '', lastName: '', password: '', mobile: '', gtc: false },
  });
  const { formError, setFormError, apply } = useServerErrors(form.setError, fields);
  const errors = form.formState.errors;
  const [password, firstName, lastName] = form.watch(['password', 'firstName', 'lastName']);
  const { verdict } = usePasswordVerdict(password, {
    firstName,
    lastName,
    email: confirmation.data?.email ?? undefined,
  });
  const termsUrl = readConfig().termsUrl;

  if (!token || confirmation.data?.valid === false || confirmation.isError) {
    return (
      <AuthCard title={t('signup_confirm.invalid_title')} intro={t('signup_confirm.invalid_text')}>
        <ButtonLink to="/signup" variant="contained" size="large" fullWidth>
          {t('signup_confirm.again')}
        </ButtonLink>
      </AuthCard>
    );
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    if (verdict && !verdict.valid) {
      form.setError('password', { type: 'server', message: `password.${verdict.errorCode ?? 'invalid'}` });
      return;
    }
    try {
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
    } catch (error) {
      apply(error);
    }
  });

  const intro = confirmation.data?.email
    ? t('signup_steps.intro_email', { email: confirmation.data.email })
    : t('signup_steps.intro');
  return (
    <AuthCard title={t('signup_steps.title')} intro={intro} error={formError}>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } }}>
          <TextField
            label={t('signup_steps.first_name')}
            autoComplete="given-name"
            autoFocus
            {...form.register('firstName')}
            error={Boolean(errors.firstName)}
            helperText={translateValidation(t, errors.firstName?.message)}
          />
          <TextField
            label={t('signup_steps.last_name')}
            autoComplete="family-name"
            {...form.register('lastName')}
            error={Boolean(errors.lastName)}
            helperText={translateValidation(t, errors.lastName?.message)}
          />
        </Box>
        <Box>
          <PasswordField
            label={t('common.password')}
            autoComplete="new-password"
            {...form.register('password')}
            error={Boolean(errors.password)}
            helperText={translateValidation(t, errors.password?.message)}
            slotProps={{ htmlInput: { 'aria-describedby': 'password-verdict' } }}
          />
          <PasswordVerdict verdict={verdict} id="password-verdict" />
        </Box>
        <TextField
          label={t('signup_steps.mobile')}
          type="tel"
          autoComplete="tel"
          {...form.register('mobile')}
          error={Boolean(errors.mobile)}
          helperText={translateValidation(t, errors.mobile?.message) ?? t('signup_steps.mobile_hint')}
        />
        <Controller
          control={form.control}
          name="gtc"
          render={({ field }) => (
            <Box>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    slotProps={{ input: { ref: field.ref } }}
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
              {errors.gtc && (
                <FormHelperText error>{translateValidation(t, errors.gtc.message)}</FormHelperText>
              )}
            </Box>
          )}
        />
        <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
          {t('signup_steps.submit')}
        </Button>
      </Box>
    </AuthCard>
  );
}
