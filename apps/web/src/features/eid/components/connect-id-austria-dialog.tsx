import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import type { DialogComponentProps } from '../../../components/dialog-host.tsx';
import { useErrorText } from '../../../lib/server-errors.ts';
import { userAccess, type SigningAccess } from '../../../lib/signing-access.ts';
import { useStartIdAustria } from '../api/id-austria.ts';

/**
 * General dialog "connect ID Austria": what sharing the eID does, then off to ID Austria. Props:
 * `signatureRequestId` to come back to a request afterwards, `access` for a direct-sign visitor.
 */
export function ConnectIdAustriaDialog(props: DialogComponentProps) {
  const { t } = useTranslation('eid');
  const errorText = useErrorText();
  const options = props.descriptor.props ?? {};
  const access = (options.access as SigningAccess | undefined) ?? userAccess;
  const signatureRequestId =
    typeof options.signatureRequestId === 'string' ? options.signatureRequestId : undefined;
  const start = useStartIdAustria(access);
  const [leaving, setLeaving] = useState(false);
  const connect = async () => {
    const { url } = await start.mutateAsync(signatureRequestId);
    setLeaving(true);
    window.location.assign(url);
  };
  return (
    <ConfirmDialog
      {...props}
      keys="dialogs.connect-id-austria"
      loading={start.isPending || leaving}
      onAction={() => void connect().catch(() => undefined)}
    >
      <Box component="ul" sx={{ pl: 2.5, my: 2 }}>
        <Typography component="li">{t('connect.point_share')}</Typography>
        <Typography component="li">{t('connect.point_match')}</Typography>
        <Typography component="li">{t('connect.point_back')}</Typography>
      </Box>
      {start.isError && (
        <Alert severity="error" role="alert">
          {errorText(start.error)}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
