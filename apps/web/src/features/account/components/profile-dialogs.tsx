import { useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { dialogTitleId, type DialogComponentProps } from '../../../components/dialog-host.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { useLeaveBusiness } from '../api/leave-business.ts';
import { useProfileTranslation } from '../use-profile-translation.ts';
import { PasswordField } from './password-field.tsx';

// The profile's dialogs (spec §2: delete account, leave business). Each makes its call itself, so
// that a refusal shows where it belongs (the password field, or above the buttons) and the dialog
// stays open; once done it reports 'deleted' or 'left' to whoever opened it.

/** The text for a failed call: the profile's words for its codes, else the shell's, else generic. */
function useFailureText() {
  const { t, i18n } = useProfileTranslation();
  return (error: unknown) => {
    const key = isApiError(error) ? `errors.${error.code}` : '';
    return key && i18n.exists(key, { ns: ['account', 'translation'] }) ? t(key) : t('errors.generic');
  };
}

/** Title, content and the two buttons of a profile dialog, as one form (Enter confirms). */
function DialogForm({
  title,
  confirm,
  busy,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  confirm: string;
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useProfileTranslation();
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <DialogTitle id={dialogTitleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" color="error" loading={busy} disabled={busy}>
          {confirm}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** Says what happens to the user's requests (account-deletion.service.ts), then asks the password. */
export function DeleteAccountDialog(props: DialogComponentProps) {
  const { t } = useProfileTranslation();
  const failureText = useFailureText();
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { inBusiness } = props.descriptor.props as { inBusiness: boolean };

  const onSubmit = () => {
    setFailure(null);
    if (!password) return setPasswordError(t('validation.required'));
    setPasswordError(null);
    remove.mutate(password, {
      onSuccess: () => props.onAction('deleted'),
      onError: (error) => {
        const onPassword = isApiError(error) && error.code === 'WRONG_PASSWORD';
        if (onPassword) setPasswordError(failureText(error));
        else setFailure(failureText(error));
      },
    });
  };

  return (
    <DialogForm
      title={t('dialogs.delete.title')}
      confirm={t('dialogs.delete.confirm')}
      busy={remove.isPending}
      onSubmit={onSubmit}
      onClose={props.onClose}
    >
      <DialogContentText>{t('dialogs.delete.intro')}</DialogContentText>
      <Typography component="ul" sx={{ pl: 3, my: 1.5, '& li': { mb: 0.75 } }}>
        <li>{t('dialogs.delete.open')}</li>
        <li>{t('dialogs.delete.owned')}</li>
        <li>{t('dialogs.delete.others')}</li>
        {inBusiness && <li>{t('dialogs.delete.business')}</li>}
      </Typography>
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {failure}
        </Alert>
      )}
      <PasswordField
        label={t('dialogs.delete.password')}
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={Boolean(passwordError)}
        helperText={passwordError}
        required
        fullWidth
        margin="dense"
        autoFocus
      />
    </DialogForm>
  );
}

/** Leaving the business: what is lost and what stays; the API refuses to leave it without an admin. */
export function LeaveBusinessDialog(props: DialogComponentProps) {
  const { t } = useProfileTranslation();
  const failureText = useFailureText();
  const leave = useLeaveBusiness();
  const [failure, setFailure] = useState<string | null>(null);
  const business = props.descriptor.props as { id: string; name: string; role: 'admin' | 'member' };

  const onSubmit = () => {
    setFailure(null);
    leave.mutate(business.id, {
      onSuccess: () => props.onAction('left'),
      onError: (error) => setFailure(failureText(error)),
    });
  };

  return (
    <DialogForm
      title={t('dialogs.leave.title', { name: business.name })}
      confirm={t('dialogs.leave.confirm')}
      busy={leave.isPending}
      onSubmit={onSubmit}
      onClose={props.onClose}
    >
      <DialogContentText>{t('dialogs.leave.text')}</DialogContentText>
      {business.role === 'admin' && (
        <DialogContentText sx={{ mt: 1.5 }}>{t('dialogs.leave.admin')}</DialogContentText>
      )}
      {failure && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
    </DialogForm>
  );
}
