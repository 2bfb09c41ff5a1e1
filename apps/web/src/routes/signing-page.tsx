import { useState, type ReactNode } from 'react';
import { ExitCountdown } from '../features/direct-sign/components/exit-countdown.tsx';
import { exitAfterSigning, safeRedirectUrl, type ExitUrlState } from '../features/direct-sign/exit-url.ts';
import type { SigningAccess } from '../lib/signing-access.ts';
import { SigningView, type SigningViewProps } from '../features/signing/components/signing-view.tsx';
import type { SigningFlowOptions } from '../features/signing/signing-flow.ts';

/**
 * The signing view with the exit-URL rules of spec §4/§9 around it: after signing the countdown to
 * the exit URL (only when it applies to exactly the last request signed), after a failure to the
 * error URL, after a decline to the decline URL (both fall back to the exit URL).
 */
export function SigningPage({
  access,
  requestId,
  viewer,
  exit,
  flow,
  onDeleted,
}: {
  access: SigningAccess;
  requestId: string;
  viewer: SigningViewProps['viewer'];
  exit: ExitUrlState;
  flow?: Omit<SigningFlowOptions, 'access' | 'onSettled' | 'afterSuccess' | 'afterFailure'>;
  onDeleted?: () => void;
}) {
  const [banner, setBanner] = useState<ReactNode>(null);
  return (
    <SigningView
      access={access}
      requestId={requestId}
      viewer={viewer}
      banner={banner}
      onDeleted={onDeleted}
      flow={{
        ...flow,
        afterSuccess: (signed) => {
          const url = exitAfterSigning(
            exit,
            requestId,
            signed.map((item) => item.id),
          );
          return url ? <ExitCountdown url={url} timeout={exit.timeout} reason="signed" /> : null;
        },
        afterFailure: () =>
          exit.errorUrl ? <ExitCountdown url={exit.errorUrl} timeout={exit.timeout} reason="error" /> : null,
      }}
      onDeclined={(result) => {
        if (!exit.declineRedirect) return;
        const url = exit.declineUrl ?? safeRedirectUrl(result.redirect_url);
        if (url) setBanner(<ExitCountdown url={url} timeout={exit.timeout} reason="declined" />);
      }}
    />
  );
}
