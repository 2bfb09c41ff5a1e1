import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { dialogTitleId, type DialogComponentProps } from './dialog-host.tsx';

interface ConfirmDialogProps extends DialogComponentProps {
  /** Translation key prefix: `<keys>.title`, `<keys>.body`, `<keys>.confirm`. */
  keys: string;
  values?: Record<string, string | number>;
  action?: string;
  /** Value sent with the action (a form's content). */
  value?: unknown;
  danger?: boolean;
  cancelLabel?: string | null;
  confirmDisabled?: boolean;
  children?: ReactNode;
}

/** The base dialog: title, text, optional content, cancel and one confirming action. */
export function ConfirmDialog({
  keys,
  values,
  action = 'confirm',
  value,
  danger,
  cancelLabel = 'common.cancel',
  confirmDisabled,
  loading,
  onAction,
  onClose,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <>
      <DialogTitle id={dialogTitleId}>{t(`${keys}.title`, values)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t(`${keys}.body`, values)}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {cancelLabel && (
          <Button onClick={onClose} disabled={loading}>
            {t(cancelLabel)}
          </Button>
        )}
        <Button
          variant="contained"
          color={danger ? 'error' : 'primary'}
          onClick={() => onAction(action, value)}
          disabled={loading || confirmDisabled}
          loading={loading}
        >
          {t(`${keys}.confirm`, values)}
        </Button>
      </DialogActions>
    </>
  );
}

/** Registered dialogs whose content a later issue builds: what they are for, and a way out. */
export function BaseDialog(props: DialogComponentProps) {
  const { descriptor } = props;
  return <ConfirmDialog {...props} keys={`dialogs.${descriptor.name}`} cancelLabel={null} action="close" />;
}
