import type { Db } from '../../db/client.ts';
import { hashToken, newToken } from '../../plugins/auth.ts';
import * as repo from './signature-requests.repository.ts';

/** The two links of one visitor invitation; only their hashes stay in the database. */
export interface VisitorLinks {
  /** `/view/{requestId}/{signerId}#{secret}`: the secret rides in the fragment, which browsers never send. */
  signing: string;
  /** `/sendto/{secret}`: a signed-in user takes the signature into their account. */
  sendTo: string;
}

/**
 * New secrets for a visitor's slot, replacing the old ones at once (an invitation mailed again, a
 * reminder, a delegation): whoever held an earlier link, or read it anywhere, can no longer use it.
 */
export async function issueVisitorLinks(
  db: Db,
  publicUrl: string,
  signer: { id: string; requestId: string },
): Promise<VisitorLinks> {
  const secret = newToken();
  const sendTo = newToken();
  await repo.updateSigner(db, signer.id, {
    linkSecretHash: hashToken(secret),
    sendToSecretHash: hashToken(sendTo),
  });
  return {
    signing: `${publicUrl}/view/${signer.requestId}/${signer.id}#${secret}`,
    sendTo: `${publicUrl}/sendto/${sendTo}`,
  };
}

/** A slot's links stop working (handed to someone else, or taken into an account). */
export const revokedLinks = { linkSecretHash: null, sendToSecretHash: null } as const;

/** The visitor slot a send-to secret belongs to, if any. */
export function signerBySendTo(db: Db, secret: string) {
  return repo.findSignerBySendToHash(db, hashToken(secret));
}
