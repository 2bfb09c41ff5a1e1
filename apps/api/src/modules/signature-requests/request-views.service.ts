import type { z } from 'zod';
import type { Language } from '@signet/contracts/common';
import type { ListSignatureRequestsQuery, SignatureRequest } from '@signet/contracts/signature-requests';
import type { RequestRow, SignerRow } from '../../db/schema/signature-requests.ts';
import type { Caller, UserCaller } from '../../plugins/auth.ts';
import { toDocumentDto } from '../documents/documents.service.ts';
import { recordFirstView } from './audit-trail.service.ts';
import { AppError } from '../../errors.ts';
import { actorOf, canSignNow, isSignerOf, visibleRequest } from './request-access.service.ts';
import { decodeCursor, encodeCursor } from './list-cursor.ts';
import { dashboardPage, relatedOf, type RequestRelated } from './request-list.repository.ts';
import * as repo from './signature-requests.repository.ts';
import type { SignatureRequestsDeps } from './request-deps.ts';

// How callers see requests: one request, the dashboard list, and the DTO building behind both.

/** A request as one caller sees it: the row, its signers and the caller's own signature. */
interface RequestView {
  request: RequestRow;
  signers: SignerRow[];
  me: SignerRow | null;
}

/** One request as the caller sees it; the use cases that change a request answer with this too. */
export async function get(
  deps: SignatureRequestsDeps,
  caller: Caller,
  id: string,
): Promise<SignatureRequest> {
  const { request, signers, me, role } = await visibleRequest(deps, caller, id);
  const dto = await toDto(deps, { request, signers, me });
  if (role !== 'owner') return dto;
  // The owner edits the signer list (PUT replaces it whole): they see what they entered, mobiles too.
  const mobileOf = new Map(signers.map((s) => [s.id, s.kind === 'visitor' ? s.mobile : null]));
  return {
    ...dto,
    signatures: dto.signatures.map((s) => ({ ...s, mobile_number: mobileOf.get(s.sid) ?? null })),
    // Callback URLs may name the business's own systems: theirs to see, not the signers'.
    success_callback_url: request.successCallbackUrl,
    update_callback_url: request.updateCallbackUrl,
    error_callback_url: request.errorCallbackUrl,
  };
}

/**
 * The read call itself (not the answers of the use cases, which reuse `get`): a signer opening a
 * request that waits for them has seen it, which the trail records once (the owner's view does not count).
 */
export async function open(
  deps: SignatureRequestsDeps,
  caller: Caller,
  id: string,
): Promise<SignatureRequest> {
  const { request, me, role } = await visibleRequest(deps, caller, id);
  if ((role === 'signer' || role === 'visitor') && me?.status === 'OPEN' && request.status === 'OPEN')
    await recordFirstView(deps, id, me.id, actorOf(caller));
  return get(deps, caller, id);
}

/**
 * The dashboard: the requests the user sent, signs or observes, one page of them, read in one
 * statement (request-list.repository.ts). `after` continues from an earlier answer's `next`.
 */
export async function list(
  deps: SignatureRequestsDeps,
  caller: UserCaller,
  query: z.infer<typeof ListSignatureRequestsQuery>,
) {
  if (query.after && query.page !== 1)
    throw new AppError('VALIDATION_FAILED', 'querystring.page: after a cursor, leave page out.', {
      field: 'querystring.page',
    });
  const { after, ...rest } = query;
  const page = await dashboardPage(deps.db, caller.userId, {
    ...rest,
    ...(after ? { after: decodeCursor(after) } : {}),
  });
  const user = { id: caller.userId, email: page.email };
  const items = page.items.map(({ request, signers, ...related }) =>
    describe(request, signers, signers.find((s) => isSignerOf(s, user)) ?? null, related),
  );
  return {
    items,
    total: page.total,
    page: query.page,
    size: query.size,
    next: page.next && encodeCursor(page.next),
  };
}

/** The request as it is now in the database, seen by `me` (null: by no signer). */
export async function currentDto(
  deps: SignatureRequestsDeps,
  id: string,
  meId: string | null,
): Promise<SignatureRequest> {
  const request = (await repo.findRequest(deps.db, id))!;
  const signers = await repo.signersOf(deps.db, id);
  return toDto(deps, { request, signers, me: signers.find((s) => s.id === meId) ?? null });
}

async function toDto(deps: SignatureRequestsDeps, view: RequestView): Promise<SignatureRequest> {
  return (await toDtos(deps, [view]))[0]!;
}

/**
 * Describes requests with their related rows read in one statement for all of them
 * (request-list.repository.ts `relatedOf`, the fragment the dashboard page reads them through too).
 */
async function toDtos(deps: SignatureRequestsDeps, views: RequestView[]): Promise<SignatureRequest[]> {
  const related = await relatedOf(
    deps.db,
    views.map((v) => v.request.id),
  );
  return views.map(({ request, signers, me }) => {
    const found = related.get(request.id);
    if (!found?.owner) throw new AppError('NOT_FOUND', 'This signature request no longer exists.');
    return describe(request, signers, me, { ...found, owner: found.owner });
  });
}

function describe(
  request: RequestRow,
  signers: SignerRow[],
  me: SignerRow | null,
  related: RequestRelated,
): SignatureRequest {
  const { owner, observers: observerEmails, attachments: attachmentRows } = related;
  return {
    id: request.id,
    title: request.title,
    message: request.message,
    owner: {
      id: owner.id,
      email: owner.email,
      first_name: owner.firstName,
      last_name: owner.lastName,
      business_id: owner.businessId,
    },
    status_overall: request.status,
    signature_status: me?.status ?? null,
    signatures_count: signers.length,
    signed_count: signers.filter((s) => s.status === 'SIGNED').length,
    quality: request.quality,
    legislation: request.legislation,
    signing_order: request.signingOrder,
    documents: related.documents.map(toDocumentDto),
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
      visual_signatures: s.placements.map((p) => ({
        document_id: p.documentId,
        position: p.position,
        ...(p.fieldName !== undefined ? { field_name: p.fieldName } : {}),
      })),
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
    embed: request.embed,
    created_at: request.createdAt.toISOString(),
    updated_at: request.updatedAt.toISOString(),
    completed_at: request.completedAt?.toISOString() ?? null,
  };
}
