import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { dialogTitleId, type DialogComponentProps } from '../../../components/dialog-host.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import type { SignOutcome } from '../api/sign.ts';

/** How often the page asks whether the phone answered. */
const pollMs = 2000;
/** After this long without an answer the page suggests the SMS code. */
const slowAfterMs = 45_000;
/** The QTSP stops waiting for the phone after five minutes; the page gives up a little later at most. */
const giveUpAfterMs = 5 * 60_000 + 10_000;

type Phase = 'waiting' | 'declined' | 'expired';

/**
 * QES with Mobile ID: the signer approves on their phone while this dialog waits, asking the API
 * every two seconds. Props: `check` (signs once approved), `cancel` (ends the pending signing).
 * Actions: `signed` (with the outcome), `sms` (go on with a code), `failed` (with the error),
 * `retry` (start the signing again), `cancel`, `close`.
 */
export function MobileIdApprovalDialog(props: DialogComponentProps) {
  const { t } = useTranslation('signing');
  const { t: tg } = useTranslation();
  const { onAction } = props;
  const [phase, setPhase] = useState<Phase>('waiting');
  const [slow, setSlow] = useState(false);
  // The host hands new callbacks on every render: the polling reads the latest without restarting.
  const latest = useRef({ props, onAction });
  latest.current = { props, onAction };
  const [startedAt] = useState(Date.now);

  useEffect(() => {
    if (phase !== 'waiting') return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const check = latest.current.props.descriptor.props?.check as () => Promise<SignOutcome>;
    const cancel = latest.current.props.descriptor.props?.cancel as () => Promise<void>;
    const report = (action: string, value?: unknown) => latest.current.onAction(action, value);
    const poll = async () => {
      if (stopped) return;
      if (Date.now() - startedAt > giveUpAfterMs) {
        await cancel().catch(() => undefined);
        setPhase('expired');
        return;
      }
      setSlow(Date.now() - startedAt > slowAfterMs);
      try {
        const outcome = await check();
        if (stopped) return;
        if (outcome.status === 'SUCCESS') return report('signed', outcome);
        // The signer went on by SMS code elsewhere (another tab): the code is what counts now.
        if (outcome.status === 'TAN_REQUIRED') return report('sms');
      } catch (error) {
        if (stopped) return;
        const code = isApiError(error) ? error.code : null;
        if (code === 'MOBILE_ID_DECLINED') return setPhase('declined');
        if (code === 'TAN_EXPIRED') return setPhase('expired');
        return report('failed', error);
      }
      timer = setTimeout(() => void poll(), pollMs);
    };
    timer = setTimeout(() => void poll(), pollMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [phase, startedAt]);

  // Waiting: cancel, or go on by SMS code. Declined or expired: close, or start again.
  const waiting = phase === 'waiting';
  const quiet = waiting ? 'cancel' : 'close';
  return (
    <>
      <DialogTitle id={dialogTitleId}>
        {t(waiting ? 'dialogs.mobile-id-approval.title' : `dialogs.mobile-id-approval.${phase}_title`)}
      </DialogTitle>
      <DialogContent>
        {waiting ? (
          <>
            <DialogContentText>{t('dialogs.mobile-id-approval.body')}</DialogContentText>
            <Box
              role="status"
              aria-live="polite"
              sx={{ display: 'flex', alignItems: 'center', gap: 2, my: 3 }}
            >
              <CircularProgress size={28} aria-hidden="true" />
              <Typography>{t('dialogs.mobile-id-approval.waiting')}</Typography>
            </Box>
            {slow && <Alert severity="info">{t('dialogs.mobile-id-approval.slow')}</Alert>}
          </>
        ) : (
          <Alert severity="error" role="alert">
            {t(`dialogs.mobile-id-approval.${phase}`)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => onAction(quiet)} disabled={props.loading}>
          {tg(`common.${quiet}`)}
        </Button>
        <Button
          variant="contained"
          onClick={() => onAction(waiting ? 'sms' : 'retry')}
          loading={props.loading}
        >
          {t(waiting ? 'dialogs.mobile-id-approval.use_sms' : 'dialogs.mobile-id-approval.start_again')}
        </Button>
      </DialogActions>
    </>
  );
}
