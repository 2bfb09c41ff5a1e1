import type { z } from 'zod';
import type { Language } from '@signet/contracts/common';
import type { DelegateBody, SignatureInput, SignatureRequest } from '@signet/contracts/signature-requests';
import { AppError } from '../../errors.ts';
import type { UserCaller } from '../../plugins/auth.ts';
import { recordChange } from './audit-trail.service.ts';
import {
  assertStatus,
  canSignNow,
  editableStatuses,
  lockEditable,
  nobodySigned,
  notEditable,
  notFound,
  openSignature,
  ownedRequest,
  visibleRequest,
} from './request-access.service.ts';
import { documentsOfRequest } from './request-documents.service.ts';
import { appendFields, commitFields, rebuildFields } from './request-fields.service.ts';
import { inviteNewlyAble, mailSigner, notify, ownerOf } from './request-notices.ts';
import {
  assertExistingFieldsUnshared,
  buildSigners,
  identityFields,
  identityKey,
  inputKey,
  personField,
  resolveAccountSigners,
} from './request-signers.ts';
import { currentDto, get } from './request-views.service.ts';
import * as repo from './signature-requests.repository.ts';
import type { SignatureRequestsDeps } from './request-deps.ts';
import { revokedLinks } from './visitor-links.ts';
import { fullName } from '../../person-name.ts';

// Who takes part in a request: signers (added, removed, or handing their signature over) and observers.

const closed = 'This request is closed.';

/**
 * A signer hands their open signature to someone else (an account e-mail or a visitor identity).
 * The signer row takes the new identity and keeps its id, so the signature field prepared for it
 * (named after the id) becomes the new signer's; the caller loses access unless they observe. The
 * slot's link secrets are replaced: a visitor gets new ones with their invitation.
 */
export async function delegate(
  deps: SignatureRequestsDeps,
  caller: UserCaller,
  id: string,
  body: z.infer<typeof DelegateBody>,
): Promise<SignatureRequest> {
  const seen = await visibleRequest(deps, caller, id);
  const { me } = openSignature(seen.request, seen.me, 'Only a signer can hand over their signature.');
  if (Boolean(body.account_email) === Boolean(body.signer_identity_data))
    throw new AppError('VALIDATION_FAILED', 'Give either account_email or signer_identity_data.', {
      field: 'account_email',
    });
  const target = await identityFields(deps, body);
  const taken = seen.signers.some(
    (s) => identityKey(s) === identityKey(target) || (target.userId !== null && s.userId === target.userId),
  );
  if (taken)
    throw new AppError('ALREADY_A_SIGNER', 'This person signs this request already.', {
      field: personField(body),
    });
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const noLongerOpen = 'This signature is no longer open.';
    const locked = await repo.lockRequest(tx, id);
    const current = (await repo.signersOf(tx, id)).find((s) => s.id === me.id);
    assertStatus(locked, ['OPEN'], 'SIGNATURE_REQUEST_NOT_OPEN', noLongerOpen);
    assertStatus(current, ['OPEN'], 'SIGNATURE_REQUEST_NOT_OPEN', noLongerOpen);
    await repo.updateSigner(tx, me.id, { ...target, ...revokedLinks, remindedAt: null });
    await recordChange(
      deps,
      tx,
      id,
      'delegated',
      caller.userId,
      {
        sid: me.id,
        from: me.email,
        to: target.email,
        signer_type: target.kind,
        ...(body.message ? { message: body.message } : {}),
      },
      now,
    );
    const after = await repo.signersOf(tx, id);
    const delegated = after.find((s) => s.id === me.id)!;
    if (canSignNow(locked, after, delegated))
      await mailSigner(
        deps,
        tx,
        'invitation',
        { ...locked, message: body.message ?? locked.message },
        delegated,
        await ownerOf(deps, locked, tx),
      );
  });
  // The caller no longer signs: they see the request as a former participant would.
  return currentDto(deps, id, null);
}

/**
 * The owner adds a signer to a draft or an open request. On an open request the new signer's
 * field is added in one more incremental revision (earlier signatures stay valid: new signature
 * fields are an allowed change after signing) and the signer is invited when it is their turn.
 */
export async function addSigner(
  deps: SignatureRequestsDeps,
  caller: UserCaller,
  id: string,
  input: SignatureInput,
): Promise<SignatureRequest> {
  const before = await ownedRequest(deps, caller, id);
  assertStatus(before.request, editableStatuses, 'REQUEST_NOT_EDITABLE', closed);
  if (before.signers.some((s) => identityKey(s) === inputKey(input)))
    throw new AppError('ALREADY_A_SIGNER', 'This person signs this request already.', {
      field: personField(input),
    });
  const documentRows = await documentsOfRequest(deps.db, id);
  const sequence = Math.max(0, ...before.signers.map((s) => s.sequence)) + 1;
  const signer = buildSigners(id, [input], documentRows, sequence, false)[0]!;
  // The new signer's placements are last: a field another signer has already is named as theirs.
  assertExistingFieldsUnshared([...before.signers, signer], (_, p) => `visual_signatures.${p}`);
  if (before.request.status === 'OPEN') await resolveAccountSigners(deps, [signer], false);
  const prepared = before.request.status === 'OPEN' ? await appendFields(deps, id, [signer]) : [];
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const locked = await lockEditable(tx, id, [before.request.status]);
    await repo.insertSigners(tx, [signer]);
    await commitFields(tx, prepared, now);
    await recordChange(
      deps,
      tx,
      id,
      'signer added',
      caller.userId,
      { sid: signer.id, email: signer.email },
      now,
    );
    const after = { request: locked.request, signers: await repo.signersOf(tx, id) };
    await inviteNewlyAble(deps, tx, locked, after);
  });
  return get(deps, caller, id);
}

/**
 * The owner removes a signer who has not signed. While nobody signed an open request, the fields
 * are rebuilt without theirs; after somebody signed, their empty field stays in the documents
 * (removing it would invalidate the signatures). A request keeps at least one signer, and an
 * open one at least one signer who has not signed (it completes only through signing).
 */
export async function removeSigner(
  deps: SignatureRequestsDeps,
  caller: UserCaller,
  id: string,
  sid: string,
): Promise<void> {
  const signedAlready = 'This signer has signed already.';
  const before = await ownedRequest(deps, caller, id);
  const target = before.signers.find((s) => s.id === sid);
  if (!target) throw new AppError('NOT_FOUND', 'No such signer in this request.');
  assertStatus(before.request, editableStatuses, 'REQUEST_NOT_EDITABLE', closed);
  assertStatus(target, ['OPEN'], 'ALREADY_SIGNED', signedAlready);
  const remaining = before.signers.filter((s) => s.id !== sid);
  if (remaining.length === 0)
    throw new AppError('LAST_SIGNER', 'A request keeps at least one signer.', { field: 'sid' });
  if (before.request.status === 'OPEN' && remaining.every((s) => s.status === 'SIGNED'))
    throw new AppError(
      'LAST_SIGNER',
      'Everybody else has signed; this signer is the last open signature (withdraw the request instead).',
      { field: 'sid' },
    );
  const rebuild = before.request.status === 'OPEN' && nobodySigned(before.signers);
  const prepared = rebuild ? await rebuildFields(deps, id, remaining) : [];
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const locked = await lockEditable(tx, id, [before.request.status]);
    assertStatus(
      locked.signers.find((s) => s.id === sid),
      ['OPEN'],
      'ALREADY_SIGNED',
      signedAlready,
    );
    if (rebuild && !nobodySigned(locked.signers)) throw notEditable('Somebody signed meanwhile; try again.');
    await repo.deleteSigners(tx, id, [sid]);
    await commitFields(tx, prepared, now);
    await recordChange(deps, tx, id, 'signer removed', caller.userId, { sid, email: target.email }, now);
    if (locked.request.status === 'OPEN') {
      const owner = await ownerOf(deps, locked.request, tx);
      await notify(deps, tx, {
        to: target.email,
        template: 'signerRemovedNotice',
        lang: target.language as Language,
        params: { title: locked.request.title, ownerName: fullName(owner) },
      });
    }
    const after = { request: locked.request, signers: await repo.signersOf(tx, id) };
    await inviteNewlyAble(deps, tx, locked, after);
  });
}

export async function addObserver(
  deps: SignatureRequestsDeps,
  caller: UserCaller,
  id: string,
  email: string,
): Promise<SignatureRequest> {
  await ownedRequest(deps, caller, id);
  await deps.db.transaction(async (tx) => {
    const request = await repo.lockRequest(tx, id);
    if (!request) throw notFound();
    if ((await repo.observersOf(tx, id)).includes(email)) return;
    await repo.addObserver(tx, id, email);
    await recordChange(deps, tx, id, 'observer added', caller.userId, { email });
  });
  return get(deps, caller, id);
}

export async function removeObserver(
  deps: SignatureRequestsDeps,
  caller: UserCaller,
  id: string,
  email: string,
): Promise<void> {
  await ownedRequest(deps, caller, id);
  await deps.db.transaction(async (tx) => {
    await repo.lockRequest(tx, id);
    if (!(await repo.removeObserver(tx, id, email)))
      throw new AppError('NOT_FOUND', 'This address does not observe the request.', { field: 'email' });
    await recordChange(deps, tx, id, 'observer removed', caller.userId, { email });
  });
}
