import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { DialogComponentProps } from '../../../components/dialog-host.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { openDialog } from '../../../components/dialog-store.ts';
import { declineSignatureRequest } from '../api/decline-signature-request.ts';

const maxReason = 500;

/** Decline a signing request, with an optional reason for its owner. */
export function DeclineDialog(props: DialogComponentProps) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  return (
    <ConfirmDialog {...props} keys="dialogs.decline-signing-request" action="decline" value={message} danger>
      <TextField
        label={t('dialogs.decline-signing-request.reason')}
        value={message}
        onChange={(event) => setMessage(event.target.value.slice(0, maxReason))}
        multiline
        minRows={3}
        margin="normal"
        helperText={`${message.length}/${maxReason}`}
        autoFocus
      />
    </ConfirmDialog>
  );
}

export function openDeclineDialog(requestId: string, onDeclined?: () => void): string {
  return openDialog({
    namespace: 'general',
    name: 'decline-signing-request',
    props: { requestId },
    onAction: async (action, value) => {
      if (action !== 'decline') return;
      await declineSignatureRequest(requestId, typeof value === 'string' ? value.trim() : '');
      onDeclined?.();
    },
  });
}
