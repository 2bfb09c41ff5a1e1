import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextLink } from '../../../components/router-links.tsx';
import { storeToken } from '../../../lib/session.ts';
import { rules, translateValidation } from '../../../lib/validation.ts';
import { useLogin } from '../api/login.ts';
import { deviceTokenFor, rememberDeviceToken } from '../device-tokens.ts';
import { normaliseLoginSearch } from '../login-search.ts';
import { AuthCard } from './auth-card.tsx';
import { PasswordField } from './password-field.tsx';
import { useServerErrors } from './use-server-errors.ts';

const LoginForm = z.object({ email: rules.email(), password: rules.required() });
type LoginForm = z.infer<typeof LoginForm>;

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const search = normaliseLoginSearch(useSearch({ strict: false }));
  const login = useLogin();
  const form = useForm<LoginForm>({
    resolver: zodResolver(LoginForm),
    defaultValues: { email: search.email ?? '', password: '' },
  });
  const { formError, setFormError, apply } = useServerErrors(form.setError, ['email', 'password']);
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const token = await login.mutateAsync({ ...values, deviceToken: deviceTokenFor(values.email) });
      rememberDeviceToken(values.email, token.deviceToken);
      storeToken(token);
      await queryClient.invalidateQueries({ queryKey: ['user'] });
      // The return target is a path with its query, as the guard remembered it.
      if (search.redirect) await navigate({ href: search.redirect, replace: true });
      else await navigate({ to: '/dashboard', replace: true });
    } catch (error) {
      apply(error);
    }
  });

  return (
    <AuthCard title={t('login.title')} intro={t('login.intro')} error={formError}>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <TextField
          label={t('common.email')}
          type="email"
          autoComplete="email"
          autoFocus={!search.email}
          {...form.register('email')}
          error={Boolean(errors.email)}
          helperText={translateValidation(t, errors.email?.message)}
        />
        <PasswordField
          label={t('common.password')}
          autoComplete="current-password"
          autoFocus={Boolean(search.email)}
          {...form.register('password')}
          error={Boolean(errors.password)}
          helperText={translateValidation(t, errors.password?.message)}
        />
        <TextLink to="/password-reset" variant="body2" sx={{ alignSelf: 'flex-end' }}>
          {t('login.forgot')}
        </TextLink>
        <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
          {t('common.login')}
        </Button>
      </Box>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        {t('login.no_account')} <TextLink to="/signup">{t('login.to_signup')}</TextLink>
      </Typography>
    </AuthCard>
  );
}
