import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PageFrame } from '../../../components/page-frame.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { rules, translateValidation } from '../../../lib/validation.ts';
import { useChangePassword } from '../api/change-password.ts';
import { userQueryKey, userQueryOptions } from '../../../lib/api/get-user.ts';
import { PasswordField } from './password-field.tsx';
import { PasswordVerdict, usePasswordVerdict } from './password-check.tsx';
import { useServerErrors } from './use-server-errors.ts';

const ChangeForm = z.object({ oldPassword: rules.required(), newPassword: rules.required() });
type ChangeForm = z.infer<typeof ChangeForm>;

/** Also where a weak password forces the user (spec §2 guard). */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useQuery(userQueryOptions).data;
  const change = useChangePassword();
  const form = useForm<ChangeForm>({
    resolver: zodResolver(ChangeForm),
    defaultValues: { oldPassword: '', newPassword: '' },
  });
  const { formError, setFormError, apply } = useServerErrors(form.setError, ['oldPassword', 'newPassword']);
  const errors = form.formState.errors;
  const { verdict } = usePasswordVerdict(form.watch('newPassword'));

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    if (verdict && !verdict.valid) {
      form.setError('newPassword', { type: 'server', message: `password.${verdict.errorCode ?? 'invalid'}` });
      return;
    }
    try {
      await change.mutateAsync(values);
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      showSnackbar({ message: 'change_password.done', color: 'success' });
      await navigate({ to: '/dashboard' });
    } catch (error) {
      apply(error);
    }
  });

  return (
    <PageFrame title={t('titles.change-password')} subtitle={t('change_password.intro')}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 560 }}>
        {user?.attributes.weak_password && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('change_password.weak')}
          </Alert>
        )}
        {formError && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        )}
        <Box
          component="form"
          noValidate
          onSubmit={onSubmit}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          <PasswordField
            label={t('change_password.old')}
            autoComplete="current-password"
            {...form.register('oldPassword')}
            error={Boolean(errors.oldPassword)}
            helperText={translateValidation(t, errors.oldPassword?.message)}
          />
          <Box>
            <PasswordField
              label={t('change_password.new')}
              autoComplete="new-password"
              {...form.register('newPassword')}
              error={Boolean(errors.newPassword)}
              helperText={translateValidation(t, errors.newPassword?.message)}
              slotProps={{ htmlInput: { 'aria-describedby': 'password-verdict' } }}
            />
            <PasswordVerdict verdict={verdict} id="password-verdict" />
          </Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={form.formState.isSubmitting}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('change_password.submit')}
          </Button>
        </Box>
      </Paper>
    </PageFrame>
  );
}
