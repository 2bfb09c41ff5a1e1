import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PageFrame } from '../../../components/page-frame.tsx';
import { showSnackbar } from '../../../components/snackbar-store.ts';
import { userQueryKey, userQueryOptions } from '../../../lib/api/get-user.ts';
import { rules } from '../../../lib/validation.ts';
import { useChangePassword } from '../api/change-password.ts';
import { AccountForm, SubmitButton, useAccountForm } from './account-form.tsx';
import { NewPasswordField, useNewPassword } from './password-check.tsx';
import { PasswordField } from './password-field.tsx';

const ChangeForm = z.object({ oldPassword: rules.required(), newPassword: rules.required() });

/** Also where a weak password forces the user (spec §2 guard). */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useQuery(userQueryOptions).data;
  const change = useChangePassword();
  const { form, field, formError, submit } = useAccountForm(
    ChangeForm,
    { oldPassword: '', newPassword: '' },
    ['oldPassword', 'newPassword'],
  );
  const newPassword = useNewPassword(form, 'newPassword');

  const onSubmit = submit(async (values) => {
    if (newPassword.refuse()) return;
    await change.mutateAsync(values);
    await queryClient.invalidateQueries({ queryKey: userQueryKey });
    showSnackbar({ message: 'change_password.done', color: 'success' });
    await navigate({ to: '/dashboard' });
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
        <AccountForm onSubmit={onSubmit}>
          <PasswordField
            label={t('change_password.old')}
            autoComplete="current-password"
            {...field('oldPassword')}
          />
          <NewPasswordField
            label={t('change_password.new')}
            verdict={newPassword.verdict}
            {...field('newPassword')}
          />
          <SubmitButton busy={form.formState.isSubmitting} sx={{ alignSelf: 'flex-start' }}>
            {t('change_password.submit')}
          </SubmitButton>
        </AccountForm>
      </Paper>
    </PageFrame>
  );
}
