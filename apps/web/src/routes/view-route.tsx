import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useUser } from '../features/account/api/get-user.ts';
import { parseExitUrlState } from '../features/direct-sign/exit-url.ts';
import { userAccess } from '../features/signing/access.ts';
import { SigningPage } from './signing-page.tsx';

/** /view/{srid} (user): the signer's or owner's view of one request. */
export function ViewRoute() {
  const { srid = '' } = useParams({ strict: false });
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const user = useUser().data;
  const attributes = user?.attributes;
  return (
    <SigningPage
      access={userAccess}
      requestId={srid}
      viewer={user ? { userId: user.id, email: user.email } : null}
      exit={parseExitUrlState(search)}
      flow={{
        canAddMobile: true,
        termsRequired: attributes ? !attributes.accepted_tou_swisscom : false,
        part11Defaults: {
          signingName: attributes?.p11_signing_name ?? (user ? `${user.firstName} ${user.lastName}` : ''),
          signingReason: attributes?.p11_signing_reason ?? '',
        },
      }}
      onDeleted={() => void navigate({ to: '/dashboard' })}
    />
  );
}
