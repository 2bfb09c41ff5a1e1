import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextLink } from '../../../components/router-links.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { rules, translateValidation } from '../../../lib/validation.ts';
import { useRequestReset } from '../api/request-reset.ts';
import { AuthCard } from './auth-card.tsx';
import { useServerErrors } from './use-server-errors.ts';

const ResetForm = z.object({ email: rules.email() });
type ResetForm = z.infer<typeof ResetForm>;

export function PasswordResetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const request = useRequestReset();
  const form = useForm<ResetForm>({ resolver: zodResolver(ResetForm), defaultValues: { email: '' } });
  const { formError, setFormError, apply } = useServerErrors(form.setError, ['email']);
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await request.mutateAsync({ email: values.email, lang: currentLanguage() });
      await navigate({ to: '/password-reset/mail-sent' });
    } catch (error) {
      apply(error);
    }
  });
  return (
    <AuthCard title={t('password_reset.title')} intro={t('password_reset.intro')} error={formError}>
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
          autoFocus
          {...form.register('email')}
          error={Boolean(errors.email)}
          helperText={translateValidation(t, errors.email?.message)}
        />
        <Button type="submit" variant="contained" size="large" loading={form.formState.isSubmitting}>
          {t('password_reset.submit')}
        </Button>
      </Box>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        <TextLink to="/login">{t('common.to_login')}</TextLink>
      </Typography>
    </AuthCard>
  );
}
