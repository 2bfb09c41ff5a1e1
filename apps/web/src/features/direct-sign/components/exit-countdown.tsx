import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useExitCountdown } from '../use-exit-countdown.ts';

export type ExitReason = 'signed' | 'error' | 'declined';

/**
 * Goes to the exit (or error, or decline) address. In a frame (a request made to be embedded in
 * the sender's portal), the host page hears of it first: a `signet:exit` message, sent only to the
 * address's own origin, so that no other page that frames Signet learns where the visitor went.
 */
function leaveFor(reason: ExitReason): (url: string) => void {
  return (url) => {
    if (window.parent !== window)
      window.parent.postMessage({ type: 'signet:exit', reason, url }, new URL(url).origin);
    window.location.assign(url);
  };
}

/** The countdown before a visitor is sent to the exit (or error, or decline) address. */
export function ExitCountdown({
  url,
  timeout,
  reason,
  leave = leaveFor(reason),
}: {
  url: string;
  timeout: number;
  reason: ExitReason;
  leave?: (url: string) => void;
}) {
  const { t } = useTranslation('direct-sign');
  const left = useExitCountdown(timeout, () => leave(url));
  const host = (() => {
    try {
      return new URL(url).host;
    } catch {
      return url;
    }
  })();
  return (
    <Alert
      severity="info"
      data-testid="exit-countdown"
      sx={{ textAlign: 'left', width: '100%', alignItems: 'center' }}
      action={
        <Button color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }} onClick={() => leave(url)}>
          {t('countdown.now')}
        </Button>
      }
    >
      <span role="timer" aria-live={left % 10 === 0 || left <= 5 ? 'polite' : 'off'}>
        {t(`countdown.${reason}`, { seconds: left, host })}
      </span>
    </Alert>
  );
}
