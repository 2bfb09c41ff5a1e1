import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { addSignatureFields } from '@signet/pdf';
import type { Language } from '@signet/contracts/common';
import type {
  CreateSignatureRequestBody,
  ListSignatureRequestsQuery,
  SignatureInput,
  SignatureRequest,
} from '@signet/contracts/signature-requests';
import { AppError } from '../../errors.ts';
import type { Caller, UserCaller } from '../../plugins/auth.ts';
import { queueMail, type MailRequest } from '../../mail/mailer.ts';
import type { TemplateName } from '../../mail/templates.ts';
import { findUserIdByEmail, getUser } from '../accounts/accounts.service.ts';
import * as documents from '../documents/documents.service.ts';
import * as repo from './signature-requests.repository.ts';

export type SignatureRequestsDeps = documents.DocumentsDeps;
export type RequestRow = repo.RequestRow;
export type SignerRow = repo.SignerRow;

/** The name of a signer's signature field in every document of the request. */
export const fieldNameOf = (signerId: string) => `Signature-${signerId}`;

const notFound = () => new AppError('NOT_FOUND', 'No such signature request.');

/** The signed-in user's id and current e-mail: requests reach accounts by either. */
export async function userIdentity(
  deps: SignatureRequestsDeps,
  caller: UserCaller,
): Promise<{ id: string; email: string; firstName: string; lastName: string; lang: Language }> {
  const user = await getUser(deps, caller.userId);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    lang: user.attributes.lang,
  };
}

export function isSignerOf(signer: SignerRow, user: { id: string; email: string }): boolean {
  return signer.userId === user.id || (signer.kind === 'account' && signer.email === user.email);
}

/** Whose turn it is: with a signing order only the first open signer; otherwise every open one. */
export function canSignNow(request: RequestRow, signers: SignerRow[], signer: SignerRow): boolean {
  if (request.status !== 'OPEN' || signer.status !== 'OPEN') return false;
  if (!request.signingOrder) return true;
  return signers.filter((s) => s.sequence < signer.sequence).every((s) => s.status === 'SIGNED');
}

/** The request, if the caller may see it; NOT_FOUND otherwise (never reveals that it exists). */
export async function visibleRequest(
  deps: SignatureRequestsDeps,
  caller: Caller,
  id: string,
): Promise<{
  request: RequestRow;
  signers: SignerRow[];
  role: 'owner' | 'signer' | 'observer' | 'visitor';
  me: SignerRow | null;
}> {
  const request = await repo.findRequest(deps.db, id);
  if (!request) throw notFound();
  const signers = await repo.signersOf(deps.db, id);
  if (caller.kind === 'visitor') {
    const me = signers.find((s) => s.id === caller.signerId) ?? null;
    if (caller.requestId !== id || !me || request.status === 'DRAFT') throw notFound();
    return { request, signers, role: 'visitor', me };
  }
  const user = await userIdentity(deps, caller);
  const me = signers.find((s) => isSignerOf(s, user)) ?? null;
  if (request.ownerId === user.id) return { request, signers, role: 'owner', me };
  if (request.status === 'DRAFT') throw notFound();
  if (me) return { request, signers, role: 'signer', me };
  if ((await repo.observersOf(deps.db, id)).includes(user.email))
    return { request, signers, role: 'observer', me: null };
  throw notFound();
}

export async function ownedRequest(
  deps: SignatureRequestsDeps,
  caller: UserCaller,
  id: string,
): Promise<{ request: RequestRow; signers: SignerRow[] }> {
  const request = await repo.findRequest(deps.db, id);
  if (!request || request.ownerId !== caller.userId) throw notFound();
  return { request, signers: await repo.signersOf(deps.db, id) };
}

export async function toDto(
  deps: SignatureRequestsDeps,
  request: RequestRow,
  signers: SignerRow[],
  me: SignerRow | null,
): Promise<SignatureRequest> {
  const [documentIds, observerEmails, attachmentRows, owner] = await Promise.all([
    repo.documentIdsOf(deps.db, request.id),
    repo.observersOf(deps.db, request.id),
    repo.attachmentsOf(deps.db, request.id),
    getUser(deps, request.ownerId),
  ]);
  const documentRows = await Promise.all(documentIds.map((id) => documents.findDocument(deps.db, id)));
  return {
    id: request.id,
    title: request.title,
    message: request.message,
    owner: { id: owner.id, email: owner.email, first_name: owner.firstName, last_name: owner.lastName },
    status_overall: request.status,
    signature_status: me?.status ?? null,
    signatures_count: signers.length,
    signed_count: signers.filter((s) => s.status === 'SIGNED').length,
    quality: request.quality,
    legislation: request.legislation,
    signing_order: request.signingOrder,
    documents: documentRows
      .filter((d): d is documents.DocumentRow => d !== null)
      .map(documents.toDocumentDto),
    signatures: signers.map((s) => ({
      sid: s.id,
      sequence: s.sequence,
      signer_type: s.kind,
      account_email: s.kind === 'account' ? s.email : null,
      email: s.email,
      first_name: s.firstName,
      last_name: s.lastName,
      language: s.language as Language,
      status_code: s.status,
      signed_at: s.signedAt?.toISOString() ?? null,
      declined_at: s.declinedAt?.toISOString() ?? null,
      decline_message: s.declineMessage,
      visual_signatures: s.placements.map((p) => ({ document_id: p.documentId, position: p.position })),
      can_sign_now: canSignNow(request, signers, s),
    })),
    observers: observerEmails,
    attachments: attachmentRows.map((a) => ({
      id: a.id,
      filename: a.filename,
      contentType: a.contentType,
      size: a.size,
      createdAt: a.createdAt.toISOString(),
    })),
    exit_url: request.exitUrl,
    error_url: request.errorUrl,
    decline_url: request.declineUrl,
    redirect_timeout: request.redirectTimeout,
    created_at: request.createdAt.toISOString(),
    updated_at: request.updatedAt.toISOString(),
    completed_at: request.completedAt?.toISOString() ?? null,
  };
}

/**
 * Turns the signature inputs into signer rows, checking each placement against its document's
 * page sizes (a box must lie on the page). `field` paths name the offending input.
 */
export async function buildSigners(
  deps: SignatureRequestsDeps,
  requestId: string,
  inputs: SignatureInput[],
  documentRows: documents.DocumentRow[],
  firstSequence = 1,
  fieldPrefix = 'signatures',
): Promise<Array<SignerRow>> {
  const rows: SignerRow[] = [];
  for (const [index, input] of inputs.entries()) {
    const placements = input.visual_signatures.map((visual, v) => {
      const field = `${fieldPrefix}.${index}.visual_signatures.${v}`;
      const document = visual.document_id
        ? documentRows.find((d) => d.id === visual.document_id)
        : documentRows[0];
      if (!document)
        throw new AppError('VALIDATION_FAILED', 'This document is not part of the request.', {
          field: `${field}.document_id`,
        });
      const page = document.pages[visual.position.page - 1];
      if (!page)
        throw new AppError('VALIDATION_FAILED', `The document has ${document.pageCount} pages.`, {
          field: `${field}.position.page`,
        });
      const { x, y, width, height } = visual.position;
      if (x + width > page.width + 0.5 || y + height > page.height + 0.5)
        throw new AppError(
          'VALIDATION_FAILED',
          `The box must lie on the page (${Math.round(page.width)} × ${Math.round(page.height)} pt).`,
          { field: `${field}.position` },
        );
      return { documentId: document.id, position: visual.position };
    });
    const base = {
      id: randomUUID(),
      requestId,
      sequence: firstSequence + index,
      placements,
      status: 'OPEN' as const,
      signedAt: null,
      declinedAt: null,
      declineMessage: null,
      certificateSubject: null,
      certificateSerial: null,
      signingName: null,
      signingReason: null,
      remindedAt: null,
    };
    if (input.account_email) {
      const email = input.account_email;
      rows.push({
        ...base,
        kind: 'account',
        userId: null,
        email,
        firstName: '',
        lastName: '',
        mobile: null,
        language: 'en-gb',
      });
    } else {
      const identity = input.signer_identity_data!;
      rows.push({
        ...base,
        kind: 'visitor',
        userId: null,
        email: identity.email_address,
        firstName: identity.first_name,
        lastName: identity.last_name,
        mobile: identity.mobile_number ?? null,
        language: identity.language,
      });
    }
  }
  return rows;
}

export async function recordEvent(
  deps: SignatureRequestsDeps,
  db: typeof deps.db,
  requestId: string,
  type: string,
  actor: string | null,
  data: Record<string, unknown> = {},
): Promise<void> {
  await repo.appendEvent(db, { requestId, type, actor, data, createdAt: deps.clock.now() });
}

export async function create(
  deps: SignatureRequestsDeps,
  caller: UserCaller,
  body: z.infer<typeof CreateSignatureRequestBody>,
): Promise<SignatureRequest> {
  const documentRows: documents.DocumentRow[] = [];
  for (const [index, input] of body.documents.entries()) {
    if ('id' in input) {
      documentRows.push(
        await documents.ownedDocument(deps, caller.userId, input.id).catch(() => {
          throw new AppError('VALIDATION_FAILED', 'No such document of yours.', {
            field: `documents.${index}.id`,
          });
        }),
      );
    } else {
      documentRows.push(
        await documents.uploadPdfBytes(deps, caller.userId, {
          title: input.title,
          bytes: Buffer.from(input.content, 'base64'),
          password: input.password,
        }),
      );
    }
  }
  const id = randomUUID();
  const signers = await buildSigners(deps, id, body.signatures, documentRows);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await repo.insertRequest(tx, {
      id,
      ownerId: caller.userId,
      title: body.title,
      message: body.message ?? null,
      status: 'DRAFT',
      quality: body.quality,
      legislation: body.legislation,
      signingOrder: body.signing_order,
      exitUrl: body.exit_url ?? null,
      errorUrl: body.error_url ?? null,
      declineUrl: body.decline_url ?? null,
      redirectTimeout: body.redirect_timeout,
      createdAt: now,
      updatedAt: now,
    });
    await repo.setRequestDocuments(
      tx,
      id,
      documentRows.map((d) => d.id),
    );
    await repo.insertSigners(tx, signers);
    await repo.setObservers(tx, id, body.observers);
    await recordEvent(deps, tx, id, 'created', caller.userId, {
      title: body.title,
      documents: documentRows.map((d) => ({ id: d.id, sha256: d.currentSha256 })),
    });
  });
  const request = (await repo.findRequest(deps.db, id))!;
  return toDto(deps, request, await repo.signersOf(deps.db, id), null);
}

export async function get(
  deps: SignatureRequestsDeps,
  caller: Caller,
  id: string,
): Promise<SignatureRequest> {
  const { request, signers, me } = await visibleRequest(deps, caller, id);
  return toDto(deps, request, signers, me);
}

export async function list(
  deps: SignatureRequestsDeps,
  caller: UserCaller,
  query: z.infer<typeof ListSignatureRequestsQuery>,
) {
  const user = await userIdentity(deps, caller);
  const { ids, total } = await repo.listRequestIds(deps.db, user, query);
  const items = await Promise.all(
    ids.map(async (id) => {
      const request = (await repo.findRequest(deps.db, id))!;
      const signers = await repo.signersOf(deps.db, id);
      return toDto(deps, request, signers, signers.find((s) => isSignerOf(s, user)) ?? null);
    }),
  );
  return { items, total, page: query.page, size: query.size };
}

/** Fills in account signers' names from their accounts (when they have one) at sending time. */
async function resolveAccountSigners(deps: SignatureRequestsDeps, signers: SignerRow[]): Promise<void> {
  for (const signer of signers.filter((s) => s.kind === 'account' && !s.userId)) {
    const found = await findUserIdByEmail(deps, signer.email);
    if (found)
      await repo.updateSigner(deps.db, signer.id, {
        userId: found.id,
        firstName: found.firstName,
        lastName: found.lastName,
        language: found.lang,
        mobile: found.mobile,
      });
  }
}

/** The link a signer opens: account holders sign in; visitors use their direct link. */
export function signingLink(deps: SignatureRequestsDeps, requestId: string, signer: SignerRow): string {
  return signer.kind === 'visitor'
    ? `${deps.publicUrl}/view/${requestId}/${signer.id}`
    : `${deps.publicUrl}/view/${requestId}`;
}

export async function mailSigner(
  deps: SignatureRequestsDeps,
  db: typeof deps.db,
  template: TemplateName,
  request: RequestRow,
  signer: SignerRow,
  owner: { firstName: string; lastName: string },
): Promise<void> {
  const mail: MailRequest = {
    to: signer.email,
    template,
    lang: signer.language as Language,
    params: {
      title: request.title,
      ownerName: `${owner.firstName} ${owner.lastName}`,
      signerName: `${signer.firstName} ${signer.lastName}`.trim() || signer.email,
      message: request.message ?? '',
    },
    actionUrl: signingLink(deps, request.id, signer),
  };
  await queueMail(db, deps.clock, mail);
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
  const { request } = await ownedRequest(deps, caller, id);
  if (request.status !== 'DRAFT')
    throw new AppError('REQUEST_NOT_EDITABLE', 'This request was sent already.');
  let signers = await repo.signersOf(deps.db, id);
  if (signers.length === 0)
    throw new AppError('VALIDATION_FAILED', 'Add at least one signer before sending.', {
      field: 'signatures',
    });
  await resolveAccountSigners(deps, signers);
  signers = await repo.signersOf(deps.db, id);
  const owner = await userIdentity(deps, caller);
  const fieldsByDocument = new Map<string, Uint8Array>();
  for (const documentId of await repo.documentIdsOf(deps.db, id)) {
    const document = (await documents.findDocument(deps.db, documentId))!;
    const fields = signers.map((signer) => {
      const placement = signer.placements.find((p) => p.documentId === documentId);
      // No placement on this document: an invisible field (zero-size widget on page 1).
      return placement
        ? {
            name: fieldNameOf(signer.id),
            page: placement.position.page,
            x: placement.position.x,
            y: placement.position.y,
            width: placement.position.width,
            height: placement.position.height,
          }
        : { name: fieldNameOf(signer.id), page: 1, x: 0, y: 0, invisible: true };
    });
    fieldsByDocument.set(
      documentId,
      await addSignatureFields(await deps.blobs.read(document.currentSha256), fields),
    );
  }
  const now = deps.clock.now();
  const stored = new Map<string, { sha256: string; size: number }>();
  for (const [documentId, bytes] of fieldsByDocument) stored.set(documentId, await deps.blobs.put(bytes));
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockRequest(tx, id);
    if (locked?.status !== 'DRAFT')
      throw new AppError('REQUEST_NOT_EDITABLE', 'This request was sent already.');
    for (const [documentId, blob] of stored)
      await documents.advanceDocument(tx, documentId, {
        ...blob,
        reason: 'signature fields',
        createdAt: now,
      });
    await repo.updateRequest(tx, id, { status: 'OPEN', initiatedAt: now, updatedAt: now });
    await recordEvent(deps, tx, id, 'initiated', caller.userId, {
      signers: signers.map((s) => ({ sid: s.id, email: s.email })),
    });
    const toInvite = request.signingOrder ? signers.slice(0, 1) : signers;
    for (const signer of toInvite) await mailSigner(deps, tx, 'invitation', request, signer, owner);
  });
  return get(deps, caller, id);
}

export async function events(deps: SignatureRequestsDeps, caller: Caller, id: string) {
  await visibleRequest(deps, caller, id);
  const rows = await repo.eventsOf(deps.db, id);
  let prev = repo.genesisHash;
  let valid = true;
  for (const row of rows) {
    valid &&= row.prevHash === prev && row.hash === repo.eventHash(prev, row);
    prev = row.hash;
  }
  return {
    chain_valid: valid,
    events: rows.map((r) => ({
      seq: r.seq,
      type: r.type,
      actor: r.actor,
      data: r.data,
      created_at: r.createdAt.toISOString(),
      hash: r.hash,
    })),
  };
}

export async function lockStatus(deps: SignatureRequestsDeps, caller: Caller, id: string) {
  await visibleRequest(deps, caller, id);
  const lock = await repo.readLock(deps.db, id);
  const now = deps.clock.now();
  const held = lock !== null && lock.expiresAt > now;
  return {
    locked: held,
    retry_after_seconds: held
      ? Math.max(1, Math.ceil((lock.expiresAt.getTime() - now.getTime()) / 1000))
      : null,
  };
}

export {
  acquireLock,
  releaseLock,
  lockRequest,
  updateRequest,
  updateSigner,
  appendEvent,
} from './signature-requests.repository.ts';
