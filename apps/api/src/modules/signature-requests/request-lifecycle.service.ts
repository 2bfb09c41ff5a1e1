import type { Language } from '@signet/contracts/common';
import type { SignatureRequest } from '@signet/contracts/signature-requests';
import type { Db } from '../../db/client.ts';
import type { RequestRow, SignerRow } from '../../db/schema/signature-requests.ts';
import { AppError } from '../../errors.ts';
import type { Caller, UserCaller } from '../../plugins/auth.ts';
import { countHitOrRefuse } from '../../plugins/rate-limit.ts';
import { lockedAnchor, type TrailAnchor } from './audit-chain.ts';
import { queueHeadTimestamp, recordEvent } from './audit-trail.service.ts';
import {
  actorOf,
  assertStatus,
  canSignNow,
  clientData,
  openSignature,
  ownedRequest,
  visibleRequest,
} from './request-access.service.ts';
import { appendFields, commitFields } from './request-fields.service.ts';
import { queueArchiveTimestamp } from './request-archive.service.ts';
import { displayName, languageOf, mailSigner, notify, ownerOf } from './request-notices.ts';
import { resolveAccountSigners } from './request-signers.ts';
import { currentDto, get } from './request-views.service.ts';
import * as repo from './signature-requests.repository.ts';
import type { SignatureRequestsDeps } from './request-deps.ts';
import { fullName } from '../../person-name.ts';

// A request's way from DRAFT through OPEN to SIGNED, DECLINED or WITHDRAWN, and the mails on the way.

const sentAlready = 'This request was sent already.';

/** One reminder per request per hour (shared by every API process through the database). */
const reminderLimit = { limit: 1, windowMs: 60 * 60 * 1000 };

/** The request's status, for modules that checked access already. */
export async function statusOf(db: Db, id: string): Promise<RequestRow['status']> {
  return (await repo.findRequest(db, id))!.status;
}

/**
 * DRAFT → OPEN: creates every signer's signature field in each document (one incremental update
 * per document), then invites the signers (all at once, or the first one with a signing order).
 */
export async function initiate(
  deps: SignatureRequestsDeps,
  caller: UserCaller,
  id: string,
): Promise<SignatureRequest> {
  const { request, signers } = await ownedRequest(deps, caller, id);
  assertStatus(request, ['DRAFT'], 'REQUEST_NOT_EDITABLE', sentAlready);
  if (signers.length === 0)
    throw new AppError('VALIDATION_FAILED', 'Add at least one signer before sending.', {
      field: 'signatures',
    });
  // Names and languages from the signers' accounts, stored and on these rows alike.
  await resolveAccountSigners(deps, signers);
  const owner = await ownerOf(deps, request);
  const prepared = await appendFields(deps, id, signers);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockRequest(tx, id);
    assertStatus(locked, ['DRAFT'], 'REQUEST_NOT_EDITABLE', sentAlready);
    await commitFields(tx, prepared, now);
    await repo.updateRequest(tx, id, { status: 'OPEN', initiatedAt: now, updatedAt: now });
    await recordEvent(
      deps,
      tx,
      id,
      'initiated',
      caller.userId,
      { signers: signers.map((s) => ({ sid: s.id, email: s.email })) },
      lockedAnchor(locked!),
    );
    const toInvite = request.signingOrder ? signers.slice(0, 1) : signers;
    for (const signer of toInvite) await mailSigner(deps, tx, 'invitation', request, signer, owner);
  });
  return get(deps, caller, id);
}

/**
 * A signer (account or visitor) declines their open signature: the request becomes DECLINED and
 * the owner and the other signers are told. Answers where the web app sends the signer next.
 */
export async function decline(
  deps: SignatureRequestsDeps,
  caller: Caller,
  id: string,
  message: string | undefined,
) {
  const seen = await visibleRequest(deps, caller, id);
  const notASigner = 'Only a signer of this request can decline it.';
  const { me } = openSignature(seen.request, seen.me, notASigner);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const lockedRow = await repo.lockRequest(tx, id);
    const signers = await repo.signersOf(tx, id);
    const { request: locked, me: mine } = openSignature(
      lockedRow,
      signers.find((s) => s.id === me.id),
      notASigner,
    );
    await repo.updateSigner(tx, me.id, {
      status: 'DECLINED',
      declinedAt: now,
      declineMessage: message ?? null,
    });
    await repo.updateRequest(tx, id, { status: 'DECLINED', updatedAt: now });
    await recordEvent(deps, tx, id, 'declined', actorOf(caller), {
      sid: me.id,
      email: me.email,
      ...(message ? { message } : {}),
      ...clientData(caller),
    });
    const owner = await ownerOf(deps, locked, tx);
    const params = { title: locked.title, signerName: displayName(mine), message: message ?? '' };
    // The owner, and the signers who heard of the request: those who signed, and those whose turn it is.
    const told = signers.filter(
      (s) =>
        s.id !== me.id &&
        s.email !== owner.email &&
        (s.status === 'SIGNED' || canSignNow(locked, signers, s)),
    );
    const recipients = [
      { to: owner.email, lang: owner.attributes.lang },
      ...told.map((s) => ({ to: s.email, lang: s.language as Language })),
    ];
    for (const { to, lang } of recipients)
      await notify(deps, tx, { to, template: 'declinedNotice', lang, params });
  });
  const after = await currentDto(deps, id, me.id);
  return {
    request: after,
    redirect_url: after.decline_url ?? after.exit_url,
    redirect_timeout: after.redirect_timeout,
  };
}

/** The owner withdraws an open request; signers who have not signed and observers are told. */
export async function withdraw(
  deps: SignatureRequestsDeps,
  caller: UserCaller,
  id: string,
  message: string | undefined,
): Promise<SignatureRequest> {
  await ownedRequest(deps, caller, id);
  await deps.db.transaction(async (tx) => {
    const request = await repo.lockRequest(tx, id);
    assertStatus(request, ['OPEN'], 'SIGNATURE_REQUEST_NOT_OPEN', 'Only an open request can be withdrawn.');
    await withdrawLocked(deps, tx, request, caller.userId, message);
  });
  return get(deps, caller, id);
}

/**
 * An owner who deletes their account withdraws every request of theirs that is still open, in the
 * deletion's transaction: the signers and observers hear of it as of any withdrawal, instead of
 * finding their invitation gone.
 */
export async function withdrawOpenRequestsOf(
  deps: SignatureRequestsDeps,
  tx: Db,
  ownerId: string,
): Promise<void> {
  for (const id of await repo.openRequestIdsOfOwner(tx, ownerId)) {
    const request = await repo.lockRequest(tx, id);
    // Signed or declined since it was listed: nobody waits for it any more.
    if (request?.status !== 'OPEN') continue;
    await withdrawLocked(deps, tx, request, ownerId, undefined);
  }
}

/** OPEN → WITHDRAWN under the request's row lock, with its event and the notices. */
async function withdrawLocked(
  deps: SignatureRequestsDeps,
  tx: Db,
  request: RequestRow,
  actor: string,
  message: string | undefined,
): Promise<void> {
  const id = request.id;
  const now = deps.clock.now();
  const signers = await repo.signersOf(tx, id);
  await repo.updateRequest(tx, id, { status: 'WITHDRAWN', updatedAt: now });
  await recordEvent(deps, tx, id, 'withdrawn', actor, message ? { message } : {});
  const owner = await ownerOf(deps, request, tx);
  const params = {
    title: request.title,
    ownerName: fullName(owner),
    message: message ?? '',
  };
  // Open signers who were invited (with a signing order, later ones never heard of it), and observers.
  const recipients = signers
    .filter((s) => canSignNow(request, signers, s))
    .map((s) => ({ to: s.email, lang: s.language as Language }));
  for (const email of await repo.observersOf(tx, id))
    recipients.push({ to: email, lang: await languageOf(deps, tx, email, owner.attributes.lang) });
  for (const { to, lang } of recipients)
    await notify(deps, tx, { to, template: 'withdrawnNotice', lang, params });
}

/** The owner reminds the signers whose turn it is. */
export async function remind(deps: SignatureRequestsDeps, caller: UserCaller, id: string) {
  await ownedRequest(deps, caller, id);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const request = await repo.lockRequest(tx, id);
    assertStatus(request, ['OPEN'], 'SIGNATURE_REQUEST_NOT_OPEN', 'Only an open request can be reminded.');
    await countHitOrRefuse(
      tx,
      { key: `reminder:${id}`, ...reminderLimit },
      now,
      (retryAfterSeconds) =>
        new AppError('REMINDER_TOO_SOON', 'The signers were reminded less than an hour ago.', {
          retryAfterSeconds,
        }),
    );
    const signers = await repo.signersOf(tx, id);
    const due = signers.filter((s) => canSignNow(request, signers, s));
    const owner = await ownerOf(deps, request, tx);
    for (const signer of due) {
      await mailSigner(deps, tx, 'reminder', request, signer, owner);
      await repo.updateSigner(tx, signer.id, { remindedAt: now });
    }
    await recordEvent(deps, tx, id, 'reminded', caller.userId, { sids: due.map((s) => s.id) });
    return { reminded: due.map((s) => s.email) };
  });
}

/**
 * Signing, first step of its transaction: takes the request's row lock (concurrent signers of one
 * request wait here) and returns the signers as they are now; ALREADY_SIGNED when this signer's
 * signature landed meanwhile.
 */
export async function lockForSignature(
  db: Db,
  requestId: string,
  signerId: string,
): Promise<{ signers: SignerRow[]; anchor: TrailAnchor | undefined }> {
  const locked = await repo.lockRequest(db, requestId);
  const signers = await repo.signersOf(db, requestId);
  assertStatus(
    signers.find((s) => s.id === signerId),
    ['OPEN'],
    'ALREADY_SIGNED',
    'This signature was given already.',
  );
  return { signers, anchor: locked ? lockedAnchor(locked) : undefined };
}

/**
 * Signing, last step of its transaction: the signer turns SIGNED with their certificate, the
 * event is recorded, and what follows a signature happens (see afterSignature).
 */
export async function recordSignature(
  deps: SignatureRequestsDeps,
  db: Db,
  signature: {
    request: RequestRow;
    /** The signers as lockForSignature read them. */
    signers: SignerRow[];
    /** The trail's anchor as lockForSignature read it. */
    anchor: TrailAnchor | undefined;
    signer: SignerRow;
    signed: Pick<
      SignerRow,
      'userId' | 'certificateSubject' | 'certificateSerial' | 'signingName' | 'signingReason'
    >;
    actor: string;
    event: Record<string, unknown>;
    now: Date;
  },
): Promise<void> {
  const { request, signer, now } = signature;
  await repo.updateSigner(db, signer.id, { status: 'SIGNED', signedAt: now, ...signature.signed });
  const head = await recordEvent(
    deps,
    db,
    request.id,
    'signed',
    signature.actor,
    signature.event,
    signature.anchor,
  );
  const after = signature.signers.map((s) => (s.id === signer.id ? { ...s, status: 'SIGNED' as const } : s));
  await afterSignature(deps, db, request, after, signer, now, head);
}

/**
 * What follows a signature, in its transaction: the request turns SIGNED with the last one (the
 * owner, signers and observers get the completion mail); otherwise the owner is told, and with a
 * signing order the next signer is invited.
 */
async function afterSignature(
  deps: SignatureRequestsDeps,
  db: Db,
  request: RequestRow,
  signers: SignerRow[],
  signed: SignerRow,
  now: Date,
  /** The trail's head after the signature's own event. */
  head: TrailAnchor,
): Promise<void> {
  // Read through the transaction: PGlite has one connection, a query beside the transaction would wait forever.
  const owner = await ownerOf(deps, request, db);
  const url = `${deps.publicUrl}/view/${request.id}`;
  const signedCount = signers.filter((s) => s.status === 'SIGNED').length;
  if (signedCount === signers.length) {
    await repo.updateRequest(db, request.id, { status: 'SIGNED', completedAt: now, updatedAt: now });
    const completed = await recordEvent(deps, db, request.id, 'completed', null, {}, head);
    await queueHeadTimestamp(deps, db, request.id, completed);
    await queueArchiveTimestamp(db, deps.clock, request.id);
    const recipients = new Map<string, Language>([[owner.email, owner.attributes.lang]]);
    for (const s of signers) recipients.set(s.email, s.language as Language);
    for (const email of await repo.observersOf(db, request.id))
      if (!recipients.has(email)) recipients.set(email, owner.attributes.lang);
    // A business may brand its members' mails and attach the signed files (its mail settings).
    const business = await deps.ownerBusiness?.(db, request.ownerId);
    const files = business && { requestId: request.id, ...business.attach };
    for (const [to, lang] of recipients)
      await notify(deps, db, {
        to,
        template: 'completed',
        lang,
        params: { title: request.title },
        url,
        ...(business ? { brand: business.brand, files: files! } : {}),
      });
    return;
  }
  await repo.updateRequest(db, request.id, { updatedAt: now });
  await notify(deps, db, {
    to: owner.email,
    template: 'signedNotice',
    lang: owner.attributes.lang,
    params: {
      title: request.title,
      ownerName: owner.firstName,
      signerName: displayName(signed),
      signedCount: String(signedCount),
      signerCount: String(signers.length),
    },
    url,
  });
  if (request.signingOrder) {
    const next = signers.find((s) => s.status === 'OPEN');
    if (next) await mailSigner(deps, db, 'invitation', request, next, owner);
  }
}
