import { useEffect, useMemo, useState } from 'react';
import { useParams, useSearch } from '@tanstack/react-router';
import { Language } from '@signet/contracts/common';
import { takeDirectSignCredentials } from '../features/direct-sign/credentials.ts';
import { withRequestExit } from '../features/direct-sign/exit-url.ts';
import type { SigningAccess } from '../features/signing/access.ts';
import { useSignatureRequest } from '../features/signing/api/get-signature-request.ts';
import { changeLanguage } from '../lib/i18n.ts';
import { SigningPage } from './signing-page.tsx';

/**
 * /view/{id}/{userid} (nas): a visitor's signing link. The signer id in the path and the secret in
 * the link's fragment are the credentials (kept for this tab, for the identification pages too); the
 * page speaks the visitor's language (Italian included) unless the link says `lang`.
 */
export function DirectViewRoute() {
  const { id = '', userid = '' } = useParams({ strict: false });
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  // Read once, before anything renders: the fragment leaves the address bar right away.
  const [secret] = useState(() => takeDirectSignCredentials(id, userid)?.secret ?? '');
  const access = useMemo<SigningAccess>(
    () => ({ kind: 'direct', signerId: userid, requestId: id, secret }),
    [id, userid, secret],
  );
  const request = useSignatureRequest(access, id).data;
  const language = request?.signatures.find((s) => s.sid === userid)?.language;
  useEffect(() => {
    if (!language || Language.safeParse(search.lang).success) return;
    void changeLanguage(language, false);
  }, [language, search.lang]);
  return <SigningPage access={access} requestId={id} viewer={null} exit={withRequestExit(search, request)} />;
}
