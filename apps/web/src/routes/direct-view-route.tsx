import { useEffect, useMemo } from 'react';
import { useParams, useSearch } from '@tanstack/react-router';
import { Language } from '@signet/contracts/common';
import { storeDirectSignCredentials } from '../features/direct-sign/credentials.ts';
import { withRequestExit } from '../features/direct-sign/exit-url.ts';
import type { SigningAccess } from '../features/signing/access.ts';
import { useSignatureRequest } from '../features/signing/api/get-signature-request.ts';
import { changeLanguage } from '../lib/i18n.ts';
import { SigningPage } from './signing-page.tsx';

/**
 * /view/{id}/{userid} (nas): a visitor's signing link. The request id and signer id in the path are
 * the credentials (kept for this tab, for the identification pages); the page speaks the visitor's
 * language (Italian included) unless the link says `lang`.
 */
export function DirectViewRoute() {
  const { id = '', userid = '' } = useParams({ strict: false }) as { id?: string; userid?: string };
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const access = useMemo<SigningAccess>(
    () => ({ kind: 'direct', signerId: userid, requestId: id }),
    [id, userid],
  );
  useEffect(() => {
    if (id && userid) storeDirectSignCredentials({ username: userid, password: id });
  }, [id, userid]);
  const request = useSignatureRequest(access, id).data;
  const language = request?.signatures.find((s) => s.sid === userid)?.language;
  useEffect(() => {
    if (!language || Language.safeParse(search.lang).success) return;
    void changeLanguage(language, false);
  }, [language, search.lang]);
  return <SigningPage access={access} requestId={id} viewer={null} exit={withRequestExit(search, request)} />;
}
