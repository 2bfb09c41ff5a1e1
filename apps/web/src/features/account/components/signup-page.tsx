import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TextLink } from '../../../components/router-links.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { rules, translateValidation } from '../../../lib/validation.ts';
import { useRequestConfirmation } from '../api/request-confirmation.ts';
import { AuthCard } from './auth-card.tsx';
import { useServerErrors } from './use-server-errors.ts';
import { usePageKey } from '../../../components/use-page-key.ts';

const SignupForm = z.object({ email: rules.email() });
type SignupForm = z.infer<typeof SignupForm>;

/** Spec §2 /business/signup keeps the `ucc` query value for the business registration. */
const uccStorageKey = 'signet.ucc';

/** Step one of signup (personal or business): the address the confirmation link goes to. */
export function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pageKey = usePageKey();
  const business = pageKey === 'business-signup';
  const search = useSearch({ strict: false }) as { ucc?: string };
  const request = useRequestConfirmation();
  const form = useForm<SignupForm>({ resolver: zodResolver(SignupForm), defaultValues: { email: '' } });
  const { formError, setFormError, apply } = useServerErrors(form.setError, ['email']);
  const errors = form.formState.errors;

  useEffect(() => {
    if (business && search.ucc) localStorage.setItem(uccStorageKey, search.ucc);
  }, [business, search.ucc]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await request.mutateAsync({ email: values.email, lang: currentLanguage() });
      await navigate({ to: business ? '/business/signup/mail-sent' : '/signup/mail-sent' });
    } catch (error) {
      apply(error);
    }
  });

  return (
    <AuthCard
      title={t(business ? 'signup.business_title' : 'signup.title')}
      intro={t('signup.intro')}
      error={formError}
    >
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
          {t('signup.submit')}
        </Button>
      </Box>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        {t('signup.have_account')} <TextLink to="/login">{t('common.login')}</TextLink>
      </Typography>
    </AuthCard>
  );
}
