import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { addSignatureFields, type SignatureFieldSpec } from '@signet/pdf';
import type { Language } from '@signet/contracts/common';
import type {
  AddDocumentBody,
  CreateSignatureRequestBody,
  DelegateBody,
  ListSignatureRequestsQuery,
  SignatureInput,
  SignatureRequest,
  UpdateSignatureRequestBody,
} from '@signet/contracts/signature-requests';
import { maxRequestBytes } from '@signet/contracts/documents';
import { countHit } from '../../plugins/rate-limit.ts';
import { AppError } from '../../errors.ts';
import type { Caller, UserCaller } from '../../plugins/auth.ts';
import { queueMail, type MailRequest } from '../../mail/mailer.ts';
import type { TemplateName } from '../../mail/templates.ts';
import { findUserIdByEmail, getUser } from '../accounts/accounts.service.ts';
import * as documents from '../documents/documents.service.ts';
import * as repo from './signature-requests.repository.ts';
import { issueVisitorLinks, revokedLinks, signerBySendTo } from './visitor-links.ts';
import { chainValid, checkTrail, queueHeadTimestamp, type AuditDeps } from './audit-trail.service.ts';

export type SignatureRequestsDeps = documents.DocumentsDeps & { audit: AuditDeps };
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
    // A slot that was claimed into an account (or handed to one) no longer opens by its old link.
    if (caller.requestId !== id || me?.kind !== 'visitor' || request.status === 'DRAFT') throw notFound();
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

/** A request as one caller sees it: the row, its signers and the caller's own signature. */
interface RequestView {
  request: RequestRow;
  signers: SignerRow[];
  me: SignerRow | null;
}

export async function toDto(
  deps: SignatureRequestsDeps,
  request: RequestRow,
  signers: SignerRow[],
  me: SignerRow | null,
): Promise<SignatureRequest> {
  return (await toDtos(deps, [{ request, signers, me }]))[0]!;
}

/**
 * Describes several requests with one query per related table and owner (a dashboard page is 20
 * requests; reading each request's documents, observers and attachments separately cost 20 × 5 queries).
 */
export async function toDtos(deps: SignatureRequestsDeps, views: RequestView[]): Promise<SignatureRequest[]> {
  const related = await repo.relatedOfMany(
    deps.db,
    views.map((v) => v.request.id),
  );
  const ownerIds = [...new Set(views.map((v) => v.request.ownerId))];
  const [documentRows, owners] = await Promise.all([
    documents.findDocuments(deps.db, [...new Set([...related.documentIds.values()].flat())]),
    Promise.all(ownerIds.map((id) => getUser(deps, id))),
  ]);
  const documentById = new Map(documentRows.map((row) => [row.id, row]));
  const ownerById = new Map(owners.map((owner) => [owner.id, owner]));
  return views.map(({ request, signers, me }) =>
    describe(request, signers, me, {
      owner: ownerById.get(request.ownerId)!,
      documents: (related.documentIds.get(request.id) ?? []).flatMap((id) => documentById.get(id) ?? []),
      observers: related.observers.get(request.id) ?? [],
      attachments: related.attachments.get(request.id) ?? [],
    }),
  );
}

function describe(
  request: RequestRow,
  signers: SignerRow[],
  me: SignerRow | null,
  related: {
    owner: { id: string; email: string; firstName: string; lastName: string };
    documents: documents.DocumentRow[];
    observers: string[];
    attachments: repo.AttachmentRow[];
  },
): SignatureRequest {
  const { owner, observers: observerEmails, attachments: attachmentRows } = related;
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
    documents: related.documents.map(documents.toDocumentDto),
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
      quality: s.quality ?? request.quality,
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
      quality: input.quality ?? null,
      status: 'OPEN' as const,
      signedAt: null,
      declinedAt: null,
      declineMessage: null,
      certificateSubject: null,
      certificateSerial: null,
      signingName: null,
      signingReason: null,
      remindedAt: null,
      linkSecretHash: null,
      sendToSecretHash: null,
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
  await repo.appendEvent(
    db,
    { requestId, type, actor, data, createdAt: deps.clock.now() },
    deps.audit.macKey,
  );
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
  return get(deps, caller, id);
}

export async function get(
  deps: SignatureRequestsDeps,
  caller: Caller,
  id: string,
): Promise<SignatureRequest> {
  const { request, signers, me, role } = await visibleRequest(deps, caller, id);
  const dto = await toDto(deps, request, signers, me);
  if (role !== 'owner') return dto;
  // The owner edits the signer list (PUT replaces it whole): they see what they entered, mobiles too.
  const mobileOf = new Map(signers.map((s) => [s.id, s.kind === 'visitor' ? s.mobile : null]));
  return {
    ...dto,
    signatures: dto.signatures.map((s) => ({ ...s, mobile_number: mobileOf.get(s.sid) ?? null })),
  };
}

export async function list(
  deps: SignatureRequestsDeps,
  caller: UserCaller,
  query: z.infer<typeof ListSignatureRequestsQuery>,
) {
  const user = await userIdentity(deps, caller);
  const { ids, total } = await repo.listRequestIds(deps.db, user, query);
  const [requests, signersById] = await Promise.all([
    repo.findRequests(deps.db, ids),
    repo.signersOfMany(deps.db, ids),
  ]);
  const views = requests.map((request) => {
    const signers = signersById.get(request.id) ?? [];
    return { request, signers, me: signers.find((s) => isSignerOf(s, user)) ?? null };
  });
  const items = await toDtos(deps, views);
  return { items, total, page: query.page, size: query.size };
}

/**
 * Fills in account signers' names from their accounts (when they have one) at sending time:
 * stored at once, or (persist false) only on the given rows, for rows about to be inserted.
 */
async function resolveAccountSigners(
  deps: SignatureRequestsDeps,
  signers: SignerRow[],
  persist = true,
): Promise<void> {
  for (const signer of signers.filter((s) => s.kind === 'account' && !s.userId)) {
    const found = await findUserIdByEmail(deps, signer.email);
    if (!found) continue;
    const changes = {
      userId: found.id,
      firstName: found.firstName,
      lastName: found.lastName,
      language: found.lang,
      mobile: found.mobile,
    };
    if (persist) await repo.updateSigner(deps.db, signer.id, changes);
    else Object.assign(signer, changes);
  }
}

/**
 * Mails a signer the link to their signature: account holders sign in at /view/{id}; a visitor gets
 * new link secrets with every mail (invitation, reminder, delegation), so the previous ones stop working.
 */
export async function mailSigner(
  deps: SignatureRequestsDeps,
  db: typeof deps.db,
  template: TemplateName,
  request: RequestRow,
  signer: SignerRow,
  owner: { firstName: string; lastName: string },
): Promise<void> {
  const links = signer.kind === 'visitor' ? await issueVisitorLinks(db, deps.publicUrl, signer) : null;
  const mail: MailRequest = {
    to: signer.email,
    template,
    lang: signer.language as Language,
    params: {
      title: request.title,
      ownerName: `${owner.firstName} ${owner.lastName}`,
      signerName: `${signer.firstName} ${signer.lastName}`.trim() || signer.email,
      message: request.message ?? '',
      ...(links ? { sendToUrl: links.sendTo } : {}),
    },
    actionUrl: links?.signing ?? `${deps.publicUrl}/view/${request.id}`,
  };
  await queueMail(db, deps.clock, mail);
}

/** Each signer's signature field on one document (no placement there: an invisible field). */
export function fieldSpecsFor(documentId: string, signers: SignerRow[]): SignatureFieldSpec[] {
  return signers.map((signer) => {
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
  const prepared = await appendFields(deps, id, signers);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockRequest(tx, id);
    if (locked?.status !== 'DRAFT')
      throw new AppError('REQUEST_NOT_EDITABLE', 'This request was sent already.');
    for (const { documentId, blob } of prepared)
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
  const { rows, chain } = await checkTrail(deps, id);
  const trail = rows.map((r) => ({
    seq: r.seq,
    type: r.type,
    actor: r.actor,
    data: r.data,
    created_at: r.createdAt.toISOString(),
    hash: r.hash,
  }));
  return { chain_valid: chainValid(chain), events: trail };
}

export async function lockStatus(deps: SignatureRequestsDeps, caller: Caller, id: string) {
  await visibleRequest(deps, caller, id);
  const now = deps.clock.now();
  const lock = await repo.readLock(deps.db, id, now);
  return {
    locked: lock !== null,
    retry_after_seconds: lock
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

/** Who did it, for the audit trail: the user id, or the visitor's signer id. */
export function actorOf(caller: Caller): string {
  return caller.kind === 'user' ? caller.userId : `visitor:${caller.signerId}`;
}

/** Where a signer acted from (address and browser), for the event data of their signing actions. */
export function clientData(caller: Caller): { client_ip?: string; user_agent?: string | null } {
  return caller.client ? { client_ip: caller.client.ip, user_agent: caller.client.userAgent } : {};
}

const closedStatuses = new Set<RequestRow['status']>(['SIGNED', 'DECLINED', 'WITHDRAWN']);

function notEditable(message = 'Somebody has signed already, or the request is closed.'): AppError {
  return new AppError('REQUEST_NOT_EDITABLE', message);
}

/** A signer's identity within a request: account holders by e-mail, visitors by their e-mail too. */
function identityKey(signer: { kind: string; email: string }): string {
  return `${signer.kind}:${signer.email.toLowerCase()}`;
}

function inputKey(input: SignatureInput): string {
  return input.account_email
    ? `account:${input.account_email}`
    : `visitor:${input.signer_identity_data!.email_address}`;
}

/** The owner's account; pass the transaction when inside one (PGlite has a single connection). */
async function ownerOf(deps: SignatureRequestsDeps, request: RequestRow, db: typeof deps.db = deps.db) {
  return getUser({ ...deps, db }, request.ownerId);
}

/** Queues one notice mail in the caller's transaction. */
async function notify(
  deps: SignatureRequestsDeps,
  db: typeof deps.db,
  mail: { to: string; template: TemplateName; lang: Language; params: Record<string, string>; url?: string },
): Promise<void> {
  await queueMail(db, deps.clock, {
    to: mail.to,
    template: mail.template,
    lang: mail.lang,
    params: mail.params,
    actionUrl: mail.url,
  });
}

/** An address's language: its account's, else the given fallback. */
async function languageOf(
  deps: SignatureRequestsDeps,
  db: typeof deps.db,
  email: string,
  fallback: Language,
): Promise<Language> {
  return (await findUserIdByEmail({ ...deps, db }, email))?.lang ?? fallback;
}

const displayName = (s: { firstName: string; lastName: string; email: string }) =>
  `${s.firstName} ${s.lastName}`.trim() || s.email;

/**
 * New document versions prepared outside the transaction (the engine is slow); `from` is the
 * version they were built on, re-checked under the request lock so a signature that landed in
 * between is never overwritten.
 */
interface PreparedVersion {
  documentId: string;
  from: string;
  blob: { sha256: string; size: number };
}

/** The version a document had before any signature field was added (upload, repaired or decrypted). */
async function versionBeforeFields(deps: SignatureRequestsDeps, documentId: string): Promise<string> {
  const versions = await documents.listVersions(deps.db, documentId);
  const firstFields = versions.findIndex((v) => v.reason === 'signature fields');
  const base = firstFields === -1 ? versions.at(-1) : versions[firstFields - 1];
  if (!base) throw new Error(`document ${documentId} has no version before its fields`);
  return base.sha256;
}

/**
 * Writes the given signers' fields into each document of the request, in one incremental update
 * on top of the version `baseOf` picks; the new blobs are stored, the documents not yet advanced.
 */
async function writeFields(
  deps: SignatureRequestsDeps,
  requestId: string,
  signers: SignerRow[],
  baseOf: (document: documents.DocumentRow) => Promise<string>,
): Promise<PreparedVersion[]> {
  const prepared: PreparedVersion[] = [];
  for (const documentId of await repo.documentIdsOf(deps.db, requestId)) {
    const document = (await documents.findDocument(deps.db, documentId))!;
    const base = await deps.blobs.read(await baseOf(document));
    // Documents stored before uploads were checked for it may still refuse new fields.
    const bytes = await addSignatureFields(base, fieldSpecsFor(documentId, signers)).catch((error) => {
      throw documents.engineError(error) ?? error;
    });
    prepared.push({ documentId, from: document.currentSha256, blob: await deps.blobs.put(bytes) });
  }
  return prepared;
}

/** Rebuilds every signer's field from the pre-field version of each document (only while nobody signed). */
function rebuildFields(
  deps: SignatureRequestsDeps,
  requestId: string,
  signers: SignerRow[],
): Promise<PreparedVersion[]> {
  return writeFields(deps, requestId, signers, (document) => versionBeforeFields(deps, document.id));
}

/** Adds fields for new signers in one more incremental revision of each document's current version. */
function appendFields(
  deps: SignatureRequestsDeps,
  requestId: string,
  signers: SignerRow[],
): Promise<PreparedVersion[]> {
  return writeFields(deps, requestId, signers, async (document) => document.currentSha256);
}

async function commitVersions(
  deps: SignatureRequestsDeps,
  db: typeof deps.db,
  prepared: PreparedVersion[],
  now: Date,
): Promise<void> {
  for (const version of prepared) {
    const document = await documents.findDocument(db, version.documentId);
    if (document?.currentSha256 !== version.from)
      throw new AppError('REQUEST_LOCKED', 'A document of this request changed meanwhile; try again.', {
        retryAfterSeconds: 1,
      });
    await documents.advanceDocument(db, version.documentId, {
      ...version.blob,
      reason: 'signature fields',
      createdAt: now,
    });
  }
}

/** The request and its signers under the row lock, checked again: editable, open or draft. */
async function lockEditable(
  deps: SignatureRequestsDeps,
  db: typeof deps.db,
  id: string,
  allowed: Array<RequestRow['status']>,
): Promise<{ request: RequestRow; signers: SignerRow[] }> {
  const request = await repo.lockRequest(db, id);
  if (!request) throw notFound();
  if (!allowed.includes(request.status)) throw notEditable();
  const signers = await repo.signersOf(db, id);
  return { request, signers };
}

function nobodySigned(signers: SignerRow[]): boolean {
  return signers.every((s) => s.status === 'OPEN');
}

/** Invites the signers who may sign now but could not before (new, or their turn came). */
async function inviteNewlyAble(
  deps: SignatureRequestsDeps,
  db: typeof deps.db,
  before: { request: RequestRow; signers: SignerRow[] },
  after: { request: RequestRow; signers: SignerRow[] },
  message?: string | null,
): Promise<void> {
  if (after.request.status !== 'OPEN') return;
  const couldBefore = new Set(
    before.request.status === 'OPEN'
      ? before.signers.filter((s) => canSignNow(before.request, before.signers, s)).map((s) => s.id)
      : [],
  );
  const owner = await ownerOf(deps, after.request, db);
  const request = message ? { ...after.request, message } : after.request;
  for (const signer of after.signers)
    if (canSignNow(after.request, after.signers, signer) && !couldBefore.has(signer.id))
      await mailSigner(deps, db, 'invitation', request, signer, owner);
}

/**
 * PUT: changes a request while nobody has signed. `signatures` replaces the list; signers with the
 * same identity keep their id (and link). On an OPEN request whose signers or placements change,
 * every field is rebuilt from the document version before the fields were added (legitimate:
 * nobody signed), and new signers are invited.
 */
export async function update(
  deps: SignatureRequestsDeps,
  caller: UserCaller,
  id: string,
  body: z.infer<typeof UpdateSignatureRequestBody>,
): Promise<SignatureRequest> {
  const before = await ownedRequest(deps, caller, id);
  if (closedStatuses.has(before.request.status) || !nobodySigned(before.signers)) throw notEditable();
  let nextSigners: SignerRow[] | null = null;
  if (body.signatures) {
    const keys = body.signatures.map(inputKey);
    const duplicate = keys.findIndex((k, i) => keys.indexOf(k) !== i);
    if (duplicate !== -1)
      throw new AppError('ALREADY_A_SIGNER', 'This person is in the list twice.', {
        field: `signatures.${duplicate}`,
      });
    const documentRows = (
      await Promise.all(
        (await repo.documentIdsOf(deps.db, id)).map((d) => documents.findDocument(deps.db, d)),
      )
    ).filter((d): d is documents.DocumentRow => d !== null);
    const built = await buildSigners(deps, id, body.signatures, documentRows);
    const existing = new Map(before.signers.map((s) => [identityKey(s), s]));
    nextSigners = built.map((row) => {
      const kept = existing.get(identityKey(row));
      if (!kept) return row;
      // Same person: same id (their link and field name stay), fresh order and placements.
      return row.kind === 'account'
        ? { ...kept, sequence: row.sequence, placements: row.placements, quality: row.quality }
        : {
            ...row,
            id: kept.id,
            userId: kept.userId,
            remindedAt: kept.remindedAt,
            linkSecretHash: kept.linkSecretHash,
            sendToSecretHash: kept.sendToSecretHash,
          };
    });
    if (before.request.status === 'OPEN') await resolveAccountSigners(deps, nextSigners, false);
    if (nextSigners.length === 0 && before.request.status === 'OPEN')
      throw new AppError('LAST_SIGNER', 'An open request keeps at least one signer.', {
        field: 'signatures',
      });
  }
  const fieldsChanged =
    nextSigners !== null &&
    JSON.stringify(before.signers.map((s) => [s.id, s.placements])) !==
      JSON.stringify(nextSigners.map((s) => [s.id, s.placements]));
  const prepared =
    before.request.status === 'OPEN' && fieldsChanged ? await rebuildFields(deps, id, nextSigners!) : [];
  const now = deps.clock.now();
  const changes: Partial<RequestRow> = { updatedAt: now };
  if (body.title !== undefined) changes.title = body.title;
  if (body.message !== undefined) changes.message = body.message;
  if (body.quality !== undefined) changes.quality = body.quality;
  if (body.legislation !== undefined) changes.legislation = body.legislation;
  if (body.signing_order !== undefined) changes.signingOrder = body.signing_order;
  if (body.exit_url !== undefined) changes.exitUrl = body.exit_url;
  if (body.error_url !== undefined) changes.errorUrl = body.error_url;
  if (body.decline_url !== undefined) changes.declineUrl = body.decline_url;
  if (body.redirect_timeout !== undefined) changes.redirectTimeout = body.redirect_timeout;
  await deps.db.transaction(async (tx) => {
    const locked = await lockEditable(deps, tx, id, ['DRAFT', 'OPEN']);
    if (!nobodySigned(locked.signers) || locked.request.status !== before.request.status) throw notEditable();
    await repo.updateRequest(tx, id, changes);
    if (nextSigners) {
      await repo.deleteSigners(tx, id);
      await repo.insertSigners(tx, nextSigners);
    }
    if (body.observers !== undefined) await repo.setObservers(tx, id, body.observers);
    await commitVersions(deps, tx, prepared, now);
    const { updatedAt: _updatedAt, ...recorded } = changes;
    await recordEvent(deps, tx, id, 'updated', caller.userId, {
      fields: Object.keys(recorded),
      ...(nextSigners ? { signers: nextSigners.map((s) => ({ sid: s.id, email: s.email })) } : {}),
      ...(body.observers ? { observers: body.observers } : {}),
      ...(prepared.length ? { fields_rebuilt: prepared.map((p) => p.documentId) } : {}),
    });
    const after = { request: (await repo.findRequest(tx, id))!, signers: await repo.signersOf(tx, id) };
    await inviteNewlyAble(deps, tx, before, after);
  });
  return get(deps, caller, id);
}

/** DELETE: drafts and closed requests (OPEN ones are withdrawn first). The owner's documents stay. */
export async function remove(deps: SignatureRequestsDeps, caller: UserCaller, id: string): Promise<void> {
  await ownedRequest(deps, caller, id);
  await deps.db.transaction(async (tx) => {
    const request = await repo.lockRequest(tx, id);
    if (!request) throw notFound();
    if (request.status === 'OPEN')
      throw new AppError('REQUEST_STILL_OPEN', 'This request is open; withdraw it before deleting it.');
    await repo.deleteRequest(tx, id);
  });
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
  const { request, me } = await visibleRequest(deps, caller, id);
  if (!me) throw new AppError('NOT_A_SIGNER', 'Only a signer of this request can decline it.');
  if (request.status !== 'OPEN')
    throw new AppError('SIGNATURE_REQUEST_NOT_OPEN', 'This request is not open.');
  if (me.status !== 'OPEN') throw new AppError('ALREADY_SIGNED', 'You have signed this request already.');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockRequest(tx, id);
    const signers = await repo.signersOf(tx, id);
    const mine = signers.find((s) => s.id === me.id);
    if (locked?.status !== 'OPEN')
      throw new AppError('SIGNATURE_REQUEST_NOT_OPEN', 'This request is not open.');
    if (mine?.status !== 'OPEN')
      throw new AppError('ALREADY_SIGNED', 'You have signed this request already.');
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
    await notify(deps, tx, {
      to: owner.email,
      template: 'declinedNotice',
      lang: owner.attributes.lang,
      params,
    });
    // Signers who heard of the request: those who signed, and those whose turn it is (invited).
    const told = signers.filter(
      (s) =>
        s.id !== me.id &&
        s.email !== owner.email &&
        (s.status === 'SIGNED' || canSignNow(locked, signers, s)),
    );
    for (const other of told)
      await notify(deps, tx, {
        to: other.email,
        template: 'declinedNotice',
        lang: other.language as Language,
        params,
      });
  });
  const after = await repo.findRequest(deps.db, id);
  const signers = await repo.signersOf(deps.db, id);
  const mine = signers.find((s) => s.id === me.id) ?? null;
  return {
    request: await toDto(deps, after!, signers, mine),
    redirect_url: after!.declineUrl ?? after!.exitUrl,
    redirect_timeout: after!.redirectTimeout,
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
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const request = await repo.lockRequest(tx, id);
    if (request?.status !== 'OPEN')
      throw new AppError('SIGNATURE_REQUEST_NOT_OPEN', 'Only an open request can be withdrawn.');
    const signers = await repo.signersOf(tx, id);
    await repo.updateRequest(tx, id, { status: 'WITHDRAWN', updatedAt: now });
    await recordEvent(deps, tx, id, 'withdrawn', caller.userId, message ? { message } : {});
    const owner = await ownerOf(deps, request, tx);
    const params = {
      title: request.title,
      ownerName: `${owner.firstName} ${owner.lastName}`,
      message: message ?? '',
    };
    // Open signers who were invited (with a signing order, later ones never heard of it).
    for (const signer of signers.filter((s) => canSignNow(request, signers, s)))
      await notify(deps, tx, {
        to: signer.email,
        template: 'withdrawnNotice',
        lang: signer.language as Language,
        params,
      });
    for (const email of await repo.observersOf(tx, id))
      await notify(deps, tx, {
        to: email,
        template: 'withdrawnNotice',
        lang: await languageOf(deps, tx, email, owner.attributes.lang),
        params,
      });
  });
  return get(deps, caller, id);
}

/** One reminder per request per hour (shared by every API process through the database). */
export const reminderLimit = { limit: 1, windowMs: 60 * 60 * 1000 };

/** The owner reminds the signers whose turn it is. */
export async function remind(deps: SignatureRequestsDeps, caller: UserCaller, id: string) {
  await ownedRequest(deps, caller, id);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const request = await repo.lockRequest(tx, id);
    if (request?.status !== 'OPEN')
      throw new AppError('SIGNATURE_REQUEST_NOT_OPEN', 'Only an open request can be reminded.');
    const hit = await countHit(tx, { key: `reminder:${id}`, ...reminderLimit }, now);
    if (hit.count > reminderLimit.limit)
      throw new AppError('REMINDER_TOO_SOON', 'The signers were reminded less than an hour ago.', {
        retryAfterSeconds: hit.retryAfterSeconds,
      });
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

/** The signer row fields for a person given as an account e-mail or a visitor identity. */
async function identityFields(
  deps: SignatureRequestsDeps,
  input: { account_email?: string; signer_identity_data?: SignatureInput['signer_identity_data'] },
): Promise<Pick<SignerRow, 'kind' | 'userId' | 'email' | 'firstName' | 'lastName' | 'mobile' | 'language'>> {
  if (input.account_email) {
    const account = await findUserIdByEmail(deps, input.account_email);
    return {
      kind: 'account',
      userId: account?.id ?? null,
      email: input.account_email,
      firstName: account?.firstName ?? '',
      lastName: account?.lastName ?? '',
      mobile: account?.mobile ?? null,
      language: account?.lang ?? 'en-gb',
    };
  }
  const identity = input.signer_identity_data!;
  return {
    kind: 'visitor',
    userId: null,
    email: identity.email_address,
    firstName: identity.first_name,
    lastName: identity.last_name,
    mobile: identity.mobile_number ?? null,
    language: identity.language,
  };
}

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
  const { request, signers, me } = await visibleRequest(deps, caller, id);
  if (!me) throw new AppError('NOT_A_SIGNER', 'Only a signer can hand over their signature.');
  if (request.status !== 'OPEN')
    throw new AppError('SIGNATURE_REQUEST_NOT_OPEN', 'This request is not open.');
  if (me.status !== 'OPEN') throw new AppError('ALREADY_SIGNED', 'You have signed this request already.');
  if (Boolean(body.account_email) === Boolean(body.signer_identity_data))
    throw new AppError('VALIDATION_FAILED', 'Give either account_email or signer_identity_data.', {
      field: 'account_email',
    });
  const target = await identityFields(deps, body);
  const field = body.account_email ? 'account_email' : 'signer_identity_data.email_address';
  const taken = signers.some(
    (s) => identityKey(s) === identityKey(target) || (target.userId !== null && s.userId === target.userId),
  );
  if (taken) throw new AppError('ALREADY_A_SIGNER', 'This person signs this request already.', { field });
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockRequest(tx, id);
    const current = (await repo.signersOf(tx, id)).find((s) => s.id === me.id);
    if (locked?.status !== 'OPEN' || current?.status !== 'OPEN')
      throw new AppError('SIGNATURE_REQUEST_NOT_OPEN', 'This signature is no longer open.');
    await repo.updateSigner(tx, me.id, { ...target, ...revokedLinks, remindedAt: null });
    await repo.updateRequest(tx, id, { updatedAt: now });
    await recordEvent(deps, tx, id, 'delegated', caller.userId, {
      sid: me.id,
      from: me.email,
      to: target.email,
      signer_type: target.kind,
      ...(body.message ? { message: body.message } : {}),
    });
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
  const after = await repo.findRequest(deps.db, id);
  return toDto(deps, after!, await repo.signersOf(deps.db, id), null);
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
  if (closedStatuses.has(before.request.status)) throw notEditable('This request is closed.');
  if (before.signers.some((s) => identityKey(s) === inputKey(input)))
    throw new AppError('ALREADY_A_SIGNER', 'This person signs this request already.', {
      field: input.account_email ? 'account_email' : 'signer_identity_data.email_address',
    });
  const documentRows = (
    await Promise.all((await repo.documentIdsOf(deps.db, id)).map((d) => documents.findDocument(deps.db, d)))
  ).filter((d): d is documents.DocumentRow => d !== null);
  const sequence = Math.max(0, ...before.signers.map((s) => s.sequence)) + 1;
  const [row] = await buildSigners(deps, id, [input], documentRows, sequence).catch((error: unknown) => {
    // The body is one signature: name its fields without the list prefix.
    if (error instanceof AppError && error.options.field?.startsWith('signatures.0.'))
      throw new AppError(error.code, error.message, { field: error.options.field.slice(13) });
    throw error;
  });
  const signer = row!;
  if (before.request.status === 'OPEN') await resolveAccountSigners(deps, [signer], false);
  const prepared = before.request.status === 'OPEN' ? await appendFields(deps, id, [signer]) : [];
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const locked = await lockEditable(deps, tx, id, [before.request.status]);
    await repo.insertSigners(tx, [signer]);
    await commitVersions(deps, tx, prepared, now);
    await repo.updateRequest(tx, id, { updatedAt: now });
    await recordEvent(deps, tx, id, 'signer added', caller.userId, { sid: signer.id, email: signer.email });
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
  const before = await ownedRequest(deps, caller, id);
  const target = before.signers.find((s) => s.id === sid);
  if (!target) throw new AppError('NOT_FOUND', 'No such signer in this request.');
  if (closedStatuses.has(before.request.status)) throw notEditable('This request is closed.');
  if (target.status !== 'OPEN') throw new AppError('ALREADY_SIGNED', 'This signer has signed already.');
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
    const locked = await lockEditable(deps, tx, id, [before.request.status]);
    const current = locked.signers.find((s) => s.id === sid);
    if (current?.status !== 'OPEN') throw new AppError('ALREADY_SIGNED', 'This signer has signed already.');
    if (rebuild && !nobodySigned(locked.signers)) throw notEditable('Somebody signed meanwhile; try again.');
    await repo.deleteSigners(tx, id, [sid]);
    await commitVersions(deps, tx, prepared, now);
    await repo.updateRequest(tx, id, { updatedAt: now });
    await recordEvent(deps, tx, id, 'signer removed', caller.userId, { sid, email: target.email });
    if (locked.request.status === 'OPEN') {
      const owner = await ownerOf(deps, locked.request, tx);
      await notify(deps, tx, {
        to: target.email,
        template: 'signerRemovedNotice',
        lang: target.language as Language,
        params: { title: locked.request.title, ownerName: `${owner.firstName} ${owner.lastName}` },
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
    await repo.updateRequest(tx, id, { updatedAt: deps.clock.now() });
    await recordEvent(deps, tx, id, 'observer added', caller.userId, { email });
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
    await repo.updateRequest(tx, id, { updatedAt: deps.clock.now() });
    await recordEvent(deps, tx, id, 'observer removed', caller.userId, { email });
  });
}

/** Bytes of a request's documents and attachments together (the 60 MB request limit). */
export async function requestBytes(deps: SignatureRequestsDeps, id: string): Promise<number> {
  const documentRows = await Promise.all(
    (await repo.documentIdsOf(deps.db, id)).map((d) => documents.findDocument(deps.db, d)),
  );
  const attachmentRows = await repo.attachmentsOf(deps.db, id);
  return (
    documentRows.reduce((sum, d) => sum + (d?.size ?? 0), 0) +
    attachmentRows.reduce((sum, a) => sum + a.size, 0)
  );
}

/** Drafts only: adds one of the owner's documents (by id) or a new one (base64). */
export async function addDocument(
  deps: SignatureRequestsDeps,
  caller: UserCaller,
  id: string,
  input: z.infer<typeof AddDocumentBody>,
): Promise<SignatureRequest> {
  const { request } = await ownedRequest(deps, caller, id);
  if (request.status !== 'DRAFT') throw notEditable('Documents can be changed only in a draft.');
  const ids = await repo.documentIdsOf(deps.db, id);
  if (ids.length >= 10)
    throw new AppError('VALIDATION_FAILED', 'A request has at most 10 documents.', { field: 'documents' });
  const document =
    'id' in input
      ? await documents.ownedDocument(deps, caller.userId, input.id).catch(() => {
          throw new AppError('VALIDATION_FAILED', 'No such document of yours.', { field: 'id' });
        })
      : null;
  if (document && ids.includes(document.id))
    throw new AppError('VALIDATION_FAILED', 'This document is part of the request already.', {
      field: 'id',
    });
  const incoming = document?.size ?? ('content' in input ? Math.floor((input.content.length * 3) / 4) : 0);
  if ((await requestBytes(deps, id)) + incoming > maxRequestBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', 'A request holds at most 60 MB of documents and attachments.', {
      field: 'content' in input ? 'content' : 'id',
    });
  const row =
    document ??
    (await documents.uploadPdfBytes(deps, caller.userId, {
      title: (input as { title: string }).title,
      bytes: Buffer.from((input as { content: string }).content, 'base64'),
      password: (input as { password?: string }).password,
    }));
  await deps.db.transaction(async (tx) => {
    await lockEditable(deps, tx, id, ['DRAFT']);
    await repo.setRequestDocuments(tx, id, [...(await repo.documentIdsOf(tx, id)), row.id]);
    await repo.updateRequest(tx, id, { updatedAt: deps.clock.now() });
    await recordEvent(deps, tx, id, 'document added', caller.userId, {
      document_id: row.id,
      sha256: row.currentSha256,
    });
  });
  return get(deps, caller, id);
}

/** Drafts only: takes a document out of the request (it stays the owner's) with its placements. */
export async function removeDocument(
  deps: SignatureRequestsDeps,
  caller: UserCaller,
  id: string,
  documentId: string,
): Promise<void> {
  const { request } = await ownedRequest(deps, caller, id);
  const ids = await repo.documentIdsOf(deps.db, id);
  if (!ids.includes(documentId)) throw new AppError('NOT_FOUND', 'No such document in this request.');
  if (request.status !== 'DRAFT') throw notEditable('Documents can be changed only in a draft.');
  if (ids.length === 1)
    throw new AppError('LAST_DOCUMENT', 'A request keeps at least one document.', { field: 'documentId' });
  await deps.db.transaction(async (tx) => {
    const locked = await lockEditable(deps, tx, id, ['DRAFT']);
    await repo.setRequestDocuments(
      tx,
      id,
      (await repo.documentIdsOf(tx, id)).filter((d) => d !== documentId),
    );
    for (const signer of locked.signers)
      if (signer.placements.some((p) => p.documentId === documentId))
        await repo.updateSigner(tx, signer.id, {
          placements: signer.placements.filter((p) => p.documentId !== documentId),
        });
    await repo.updateRequest(tx, id, { updatedAt: deps.clock.now() });
    await recordEvent(deps, tx, id, 'document removed', caller.userId, { document_id: documentId });
  });
}

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

export async function sendToSummary(deps: SignatureRequestsDeps, secret: string) {
  const { signer, request } = await visitorSlot(deps, secret);
  const owner = await ownerOf(deps, request);
  return {
    signature_request_id: request.id,
    title: request.title,
    owner_name: `${owner.firstName} ${owner.lastName}`.trim(),
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
  if (!claimable(request, signer))
    throw notEditable('This signature can no longer be claimed (signed, declined or closed).');
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
      throw notEditable('This signature can no longer be claimed (signed, declined or closed).');
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
    await repo.updateRequest(tx, request.id, { updatedAt: now });
    await recordEvent(deps, tx, request.id, 'claimed', caller.userId, {
      sid: slot.id,
      from: signer.email,
      to: user.email,
      ...clientData(caller),
    });
  });
  return get(deps, caller, request.id);
}

/** The request row without access checks, for modules that checked access already. */
export function visibleRequestRow(deps: SignatureRequestsDeps, id: string): Promise<RequestRow | null> {
  return repo.findRequest(deps.db, id);
}

export function signersOfRequest(db: SignatureRequestsDeps['db'], id: string): Promise<SignerRow[]> {
  return repo.signersOf(db, id);
}

export function documentIdsOfRequest(deps: SignatureRequestsDeps, id: string): Promise<string[]> {
  return repo.documentIdsOf(deps.db, id);
}

/**
 * What follows a signature, in its transaction: the request turns SIGNED with the last one (the
 * owner, signers and observers get the completion mail); otherwise the owner is told, and with a
 * signing order the next signer is invited.
 */
export async function afterSignature(
  deps: SignatureRequestsDeps,
  db: SignatureRequestsDeps['db'],
  request: RequestRow,
  signers: SignerRow[],
  signed: SignerRow,
  now: Date,
): Promise<void> {
  // Read through the transaction: PGlite has one connection, a query beside the transaction would wait forever.
  const owner = await getUser({ ...deps, db }, request.ownerId);
  const ownerName = { firstName: owner.firstName, lastName: owner.lastName };
  const signedCount = signers.filter((s) => s.status === 'SIGNED').length;
  if (signedCount === signers.length) {
    await repo.updateRequest(db, request.id, { status: 'SIGNED', completedAt: now, updatedAt: now });
    await recordEvent(deps, db, request.id, 'completed', null, {});
    await queueHeadTimestamp(deps, db, request.id);
    const recipients = new Map<string, Language>([[owner.email, owner.attributes.lang]]);
    for (const s of signers) recipients.set(s.email, s.language as Language);
    for (const email of await repo.observersOf(db, request.id))
      if (!recipients.has(email)) recipients.set(email, owner.attributes.lang);
    for (const [to, lang] of recipients)
      await queueMail(db, deps.clock, {
        to,
        template: 'completed',
        lang,
        params: { title: request.title },
        actionUrl: `${deps.publicUrl}/view/${request.id}`,
      });
    return;
  }
  await repo.updateRequest(db, request.id, { updatedAt: now });
  await queueMail(db, deps.clock, {
    to: owner.email,
    template: 'signedNotice',
    lang: owner.attributes.lang,
    params: {
      title: request.title,
      ownerName: owner.firstName,
      signerName: `${signed.firstName} ${signed.lastName}`.trim() || signed.email,
      signedCount: String(signedCount),
      signerCount: String(signers.length),
    },
    actionUrl: `${deps.publicUrl}/view/${request.id}`,
  });
  if (request.signingOrder) {
    const next = signers.find((s) => s.status === 'OPEN');
    if (next) await mailSigner(deps, db, 'invitation', request, next, ownerName);
  }
}

/**
 * Signing locks of a process that died (crash, SIGKILL) would block signers until they expire.
 * The embedded database is opened by one process only, so at its start every lock is stale.
 * (On PostgreSQL, shared by several processes, a lock ends with its process's liveness session.)
 */
export function clearStaleLocks(deps: Pick<SignatureRequestsDeps, 'db'>): Promise<void> {
  return repo.clearLocks(deps.db);
}

/** Addresses the user sent requests to (signers and observers), for the e-mail autocomplete. */
export function addressesSentTo(
  deps: Pick<SignatureRequestsDeps, 'db'>,
  userId: string,
  prefix: string,
  limit = 10,
): Promise<string[]> {
  return repo.addressesOfOwner(deps.db, userId, prefix.trim().toLowerCase(), limit);
}
