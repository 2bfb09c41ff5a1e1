import { useState } from 'react';
import { TextInput } from '../../../components/text-input.tsx';
import { useTranslation } from 'react-i18next';
import type { DialogComponentProps } from '../../../components/dialog-host.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

const maxReason = 500;

/** Decline a signing request, with an optional reason for its owner (the signing view sends it). */
export function DeclineDialog(props: DialogComponentProps) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  return (
    <ConfirmDialog {...props} keys="dialogs.decline-signing-request" action="decline" value={message} danger>
      <TextInput
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
