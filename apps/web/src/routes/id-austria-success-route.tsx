import { useState } from 'react';
import { keptDirectSignCredentials } from '../features/direct-sign/credentials.ts';
import {
  IdAustriaSuccessPage,
  MissingSigningLink,
} from '../features/eid/components/id-austria-success-page.tsx';
import { userAccess } from '../lib/signing-access.ts';

/** /profile/signature-standards/id-austria-success: an account user back from ID Austria. */
export function UserIdAustriaSuccessRoute() {
  return <IdAustriaSuccessPage access={userAccess} />;
}

/**
 * /direct-sign/identification/id-austria-success: a visitor back from ID Austria; who they are comes
 * from the credentials of the signing link this tab keeps.
 */
export function DirectIdAustriaSuccessRoute() {
  const [credentials] = useState(keptDirectSignCredentials);
  if (!credentials) return <MissingSigningLink />;
  return <IdAustriaSuccessPage access={{ kind: 'direct', ...credentials }} />;
}
