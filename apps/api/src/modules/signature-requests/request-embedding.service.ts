import { AppError } from '../../errors.ts';
import type { UserCaller } from '../../plugins/auth.ts';
import { recordEvent } from './audit-trail.service.ts';
import { assertStatus, ownedRequest } from './request-access.service.ts';
import type { SignatureRequestsDeps } from './request-deps.ts';
import * as repo from './signature-requests.repository.ts';
import { issueVisitorLinks } from './visitor-links.ts';

// Embedding (a Signet addition): a request made with `embed` may have its visitors' signing page
// framed by the origins its owner's business named, and its owner may take a visitor's signing
// link for its portal's frame.

/**
 * Who may frame the visitors' signing page of a request (/view/{id}/…): the origins its owner's
 * business set (settings.embedOrigins), read at each page load so that a change applies at once,
 * when the request was made with `embed`. null: nobody (the page keeps frame-ancestors 'none').
 */
export async function signingPageFrameAncestors(
  deps: Pick<SignatureRequestsDeps, 'db' | 'ownerBusiness'>,
  requestId: string,
): Promise<string[] | null> {
  const request = await repo.findRequest(deps.db, requestId);
  if (!request?.embed) return null;
  const origins = (await deps.ownerBusiness?.(deps.db, request.ownerId))?.embedOrigins ?? [];
  return origins.length > 0 ? origins : null;
}

/**
 * A visitor's signing link for the owner's portal, which has signed the visitor in its own way and
 * frames the page. A new secret, as a reminder makes one: the mailed link stops working, so the
 * signature has one way in at a time. The audit trail records that the owner took the link.
 */
export async function embedLink(
  deps: SignatureRequestsDeps,
  caller: UserCaller,
  id: string,
  sid: string,
): Promise<{ url: string }> {
  await ownedRequest(deps, caller, id);
  return deps.db.transaction(async (tx) => {
    const request = await repo.lockRequest(tx, id);
    assertStatus(request, ['OPEN'], 'SIGNATURE_REQUEST_NOT_OPEN', 'Only an open request has signing links.');
    const signer = (await repo.signersOf(tx, id)).find((s) => s.id === sid);
    if (!signer) throw new AppError('NOT_FOUND', 'No such signer in this request.');
    if (!request.embed)
      throw new AppError('NOT_EMBEDDABLE', 'This request was not made with embed.', { field: 'id' });
    if (signer.kind !== 'visitor')
      throw new AppError('NOT_EMBEDDABLE', 'Account signers sign in Signet itself.', { field: 'sid' });
    assertStatus(signer, ['OPEN'], 'ALREADY_SIGNED', 'This signer has signed already.');
    const links = await issueVisitorLinks(tx, deps.publicUrl, signer);
    await recordEvent(deps, tx, id, 'embed link issued', caller.userId, { sid });
    return { url: links.signing };
  });
}
