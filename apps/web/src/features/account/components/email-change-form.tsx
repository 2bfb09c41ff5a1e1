import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { User } from '@signet/contracts/accounts';
import { z } from 'zod';
import { rules } from '../../../lib/validation.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { profileNamespace, useProfileTranslation } from '../use-profile-translation.ts';
import { AccountForm, EmailField, SubmitButton, useAccountForm } from './account-form.tsx';

const EmailForm = z.object({ email: rules.email() });

/**
 * The e-mail address and its change: the new address gets the confirmation mail that exists
 * (POST /v1/request-confirmation's), and takes over once its link is opened (/profile/confirm).
 */
export function EmailChangeForm({ user }: { user: User }) {
  const { t } = useProfileTranslation();
  const update = useUpdateUser();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, field, formError, submit } = useAccountForm(
    EmailForm,
    { email: '' },
    ['email'],
    [profileNamespace],
  );

  const onSubmit = submit(async ({ email }) => {
    const address = email.toLowerCase();
    if (address === user.email) {
      form.setError('email', { type: 'same', message: t('profile.email.same') });
      return;
    }
    setSentTo(null);
    await update.mutateAsync({ email: address });
    form.reset({ email: '' });
    setSentTo(address);
  });

  return (
    <AccountForm onSubmit={onSubmit}>
      <Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography>{t('profile.email.current', { email: user.email })}</Typography>
          <Chip
            size="small"
            color={user.emailVerified ? 'success' : 'warning'}
            variant="outlined"
            label={user.emailVerified ? t('profile.email.verified') : t('profile.email.unverified')}
          />
        </Box>
        {/* Announced when it appears: the mail went out. Empty, it takes no room. */}
        <Box role="status">
          {sentTo && (
            <Alert severity="success" sx={{ mt: 2 }}>
              {t('profile.email.sent', { email: sentTo })}
            </Alert>
          )}
        </Box>
      </Box>
      {formError && (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      )}
      <EmailField
        label={t('profile.email.new')}
        autoComplete="off"
        {...field('email', t('profile.email.help'))}
      />
      <SubmitButton busy={form.formState.isSubmitting} sx={{ alignSelf: 'flex-start' }}>
        {t('profile.email.submit')}
      </SubmitButton>
    </AccountForm>
  );
}
