import type { SignatureRequest } from '@signet/contracts/signature-requests';
import type { RequestRow, SignerRow } from '../../db/schema/signature-requests.ts';
import { AppError } from '../../errors.ts';
import type { UserCaller } from '../../plugins/auth.ts';
import { findUserIdByEmail } from '../accounts/accounts.service.ts';
import { recordChange } from './audit-trail.service.ts';
import { clientData, isSignerOf, notEditable, userIdentity } from './request-access.service.ts';
import { ownerOf } from './request-notices.ts';
import { get } from './request-views.service.ts';
import * as repo from './signature-requests.repository.ts';
import type { SignatureRequestsDeps } from './request-deps.ts';
import { revokedLinks, signerBySendTo } from './visitor-links.ts';
import { fullName } from '../../person-name.ts';

// The send-to link of a visitor's invitation: a signed-in user takes the signature into their account.

/** The visitor slot of a send-to secret; NOT_FOUND for unknown or spent links and drafts. */
async function visitorSlot(deps: SignatureRequestsDeps, secret: string) {
  const signer = await signerBySendTo(deps.db, secret);
  const request = signer ? await repo.findRequest(deps.db, signer.requestId) : null;
  if (!signer || !request || signer.kind !== 'visitor' || request.status === 'DRAFT')
    throw new AppError('NOT_FOUND', 'This link is not valid.');
  return { signer, request };
}

const claimable = (request: RequestRow, signer: SignerRow) =>
  request.status === 'OPEN' && signer.status === 'OPEN';

const notClaimable = 'This signature can no longer be claimed (signed, declined or closed).';

export async function sendToSummary(deps: SignatureRequestsDeps, secret: string) {
  const { signer, request } = await visitorSlot(deps, secret);
  const owner = await ownerOf(deps, request);
  return {
    signature_request_id: request.id,
    title: request.title,
    owner_name: fullName(owner),
    status_overall: request.status,
    signature_status: signer.status,
    signer_email: signer.email,
    claimable: claimable(request, signer),
  };
}

/** A signed-in user takes a visitor slot into their account (see the contract SendToParams). */
export async function claim(
  deps: SignatureRequestsDeps,
  caller: UserCaller,
  secret: string,
): Promise<SignatureRequest> {
  const { signer, request } = await visitorSlot(deps, secret);
  if (!claimable(request, signer)) throw notEditable(notClaimable);
  const user = await userIdentity(deps, caller);
  const account = await findUserIdByEmail(deps, user.email);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockRequest(tx, request.id);
    const signers = await repo.signersOf(tx, request.id);
    const slot = signers.find((s) => s.id === signer.id);
    if (
      !locked ||
      !slot ||
      slot.kind !== 'visitor' ||
      slot.sendToSecretHash !== signer.sendToSecretHash ||
      !claimable(locked, slot)
    )
      throw notEditable(notClaimable);
    if (signers.some((s) => s.id !== slot.id && isSignerOf(s, user)))
      throw new AppError('ALREADY_A_SIGNER', 'You sign this request already.');
    await repo.updateSigner(tx, slot.id, {
      kind: 'account',
      userId: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      language: user.lang,
      mobile: account?.mobile ?? null,
      ...revokedLinks,
    });
    await recordChange(
      deps,
      tx,
      request.id,
      'claimed',
      caller.userId,
      {
        sid: slot.id,
        from: signer.email,
        to: user.email,
        ...clientData(caller),
      },
      now,
    );
  });
  return get(deps, caller, request.id);
}
