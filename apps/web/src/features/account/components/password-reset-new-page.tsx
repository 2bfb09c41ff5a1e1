import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ButtonLink } from '../../../components/router-links.tsx';
import { rules, translateValidation } from '../../../lib/validation.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthCard } from './auth-card.tsx';
import { PasswordField } from './password-field.tsx';
import { PasswordVerdict, usePasswordVerdict } from './password-check.tsx';
import { useServerErrors } from './use-server-errors.ts';

const NewPasswordForm = z.object({ password: rules.required() });
type NewPasswordForm = z.infer<typeof NewPasswordForm>;

export function PasswordResetNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useSearch({ strict: false }) as { token?: string };
  const reset = useResetPassword();
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(NewPasswordForm),
    defaultValues: { password: '' },
  });
  const { formError, setFormError, apply } = useServerErrors(form.setError, ['password']);
  const errors = form.formState.errors;
  const { verdict } = usePasswordVerdict(form.watch('password'));

  if (token.length < 16) {
    return (
      <AuthCard title={t('password_reset_new.invalid_title')} intro={t('password_reset_new.invalid_text')}>
        <ButtonLink to="/password-reset" variant="contained" size="large" fullWidth>
          {t('password_reset_new.again')}
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
      await reset.mutateAsync({ token, password: values.password });
      await navigate({ to: '/password-reset/confirm', replace: true });
    } catch (error) {
      apply(error);
    }
  });

  return (
    <AuthCard title={t('password_reset_new.title')} intro={t('password_reset_new.intro')} error={formError}>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <Box>
          <PasswordField
            label={t('password_reset_new.password')}
            autoComplete="new-password"
            autoFocus
            {...form.register('password')}
            error={Boolean(errors.password)}
            helperText={translateValidation(t, errors.password?.message)}
            slotProps={{ htmlInput: { 'aria-describedby': 'password-verdict' } }}
          />
          <PasswordVerdict verdict={verdict} id="password-verdict" />
        </Box>
        <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
          {t('password_reset_new.submit')}
        </Button>
      </Box>
    </AuthCard>
  );
}
