import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type {
  CreateSignatureRequestBody,
  SignatureRequest,
  UpdateSignatureRequestBody,
} from '@signet/contracts/signature-requests';
import type { DocumentRow } from '../../db/schema/documents.ts';
import type { RequestRow, SignerRow } from '../../db/schema/signature-requests.ts';
import { AppError } from '../../errors.ts';
import { requestDefaultsOf } from '../accounts/accounts.service.ts';
import type { UserCaller } from '../../plugins/auth.ts';
import { checkWebhookUrl } from '../webhooks/webhook-endpoints.service.ts';
import { newTrail } from './audit-chain.ts';
import { recordEvent } from './audit-trail.service.ts';
import type { SignatureRequestsDeps } from './request-deps.ts';
import {
  assertStatus,
  editableStatuses,
  lockEditable,
  nobodySigned,
  notEditable,
  notEditableMessage,
  notFound,
  ownedRequest,
} from './request-access.service.ts';
import { documentFromInput, documentsOfRequest } from './request-documents.service.ts';
import { commitFields, rebuildFields } from './request-fields.service.ts';
import { inviteNewlyAble } from './request-notices.ts';
import { buildSigners, identityKey, inputKey, resolveAccountSigners } from './request-signers.ts';
import { get } from './request-views.service.ts';
import * as repo from './signature-requests.repository.ts';

// Signature requests: the owner creates, edits and deletes them here. The other use cases live
// beside this file, one seam each: request-access (who may see or change a request, the status
// guard), request-views (get, list), request-lifecycle (send, decline, withdraw, remind, signing's
// part), request-participants (signers and observers), request-documents, request-fields (the
// signature fields in the PDFs), send-to (claiming a visitor's signature), request-locks (signing
// locks), audit-trail, request-attachments and request-report.

export async function create(
  deps: SignatureRequestsDeps,
  caller: UserCaller,
  body: z.infer<typeof CreateSignatureRequestBody>,
): Promise<SignatureRequest> {
  checkCallbackUrls(deps, body);
  const documentRows: DocumentRow[] = [];
  for (const [index, input] of body.documents.entries())
    documentRows.push(await documentFromInput(deps, caller.userId, input, `documents.${index}.id`));
  // The origins that may frame an embed request's signing page are its owner's business's.
  if (body.embed && !(await deps.ownerBusiness?.(deps.db, caller.userId)))
    throw new AppError('VALIDATION_FAILED', "Only a business's requests can be embedded.", {
      field: 'embed',
    });
  const id = randomUUID();
  const signers = buildSigners(id, body.signatures, documentRows);
  const defaults = await requestDefaultsOf(deps, caller.userId);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await repo.insertRequest(tx, {
      id,
      ownerId: caller.userId,
      title: body.title,
      message: body.message ?? null,
      status: 'DRAFT',
      quality: body.quality ?? defaults.quality,
      legislation: body.legislation ?? defaults.legislation,
      signingOrder: body.signing_order,
      exitUrl: body.exit_url ?? null,
      errorUrl: body.error_url ?? null,
      declineUrl: body.decline_url ?? null,
      redirectTimeout: body.redirect_timeout,
      successCallbackUrl: body.success_callback_url ?? null,
      updateCallbackUrl: body.update_callback_url ?? null,
      errorCallbackUrl: body.error_callback_url ?? null,
      embed: body.embed,
      createdAt: now,
      updatedAt: now,
    });
    await repo.insertRequestDocuments(
      tx,
      id,
      documentRows.map((d) => d.id),
    );
    await repo.insertSigners(tx, signers);
    await repo.insertObservers(tx, id, body.observers);
    await recordEvent(
      deps,
      tx,
      id,
      'created',
      caller.userId,
      {
        title: body.title,
        documents: documentRows.map((d) => ({ id: d.id, sha256: d.currentSha256 })),
      },
      newTrail,
    );
  });
  return get(deps, caller, id);
}

/**
 * The signer rows a PUT's `signatures` list asks for: signers with the same identity keep their
 * id (and link); on an open request account signers get their names at once.
 */
async function nextSignersOf(
  deps: SignatureRequestsDeps,
  before: { request: RequestRow; signers: SignerRow[] },
  inputs: NonNullable<z.infer<typeof UpdateSignatureRequestBody>['signatures']>,
): Promise<SignerRow[]> {
  const { request } = before;
  const keys = inputs.map(inputKey);
  const duplicate = keys.findIndex((k, i) => keys.indexOf(k) !== i);
  if (duplicate !== -1)
    throw new AppError('ALREADY_A_SIGNER', 'This person is in the list twice.', {
      field: `signatures.${duplicate}`,
    });
  const built = buildSigners(request.id, inputs, await documentsOfRequest(deps.db, request.id));
  const existing = new Map(before.signers.map((s) => [identityKey(s), s]));
  const next = built.map((row) => {
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
  if (request.status === 'OPEN') await resolveAccountSigners(deps, next, false);
  if (next.length === 0 && request.status === 'OPEN')
    throw new AppError('LAST_SIGNER', 'An open request keeps at least one signer.', { field: 'signatures' });
  return next;
}

const callbackFields = ['success_callback_url', 'update_callback_url', 'error_callback_url'] as const;

/** Callback URLs that name a private address outright are refused here, naming the field (SSRF). */
function checkCallbackUrls(
  deps: SignatureRequestsDeps,
  body: Partial<Record<(typeof callbackFields)[number], string | null>>,
): void {
  for (const field of callbackFields) {
    const url = body[field];
    if (url) checkWebhookUrl(deps.allowPrivateCallbacks ?? false, url, field);
  }
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
  checkCallbackUrls(deps, body);
  const before = await ownedRequest(deps, caller, id);
  if (!nobodySigned(before.signers)) throw notEditable();
  assertStatus(before.request, editableStatuses, 'REQUEST_NOT_EDITABLE', notEditableMessage);
  const nextSigners = body.signatures ? await nextSignersOf(deps, before, body.signatures) : null;
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
  if (body.success_callback_url !== undefined) changes.successCallbackUrl = body.success_callback_url;
  if (body.update_callback_url !== undefined) changes.updateCallbackUrl = body.update_callback_url;
  if (body.error_callback_url !== undefined) changes.errorCallbackUrl = body.error_callback_url;
  await deps.db.transaction(async (tx) => {
    const locked = await lockEditable(tx, id, editableStatuses);
    if (!nobodySigned(locked.signers) || locked.request.status !== before.request.status) throw notEditable();
    await repo.updateRequest(tx, id, changes);
    if (nextSigners) {
      await repo.deleteSigners(tx, id);
      await repo.insertSigners(tx, nextSigners);
    }
    if (body.observers !== undefined) await repo.setObservers(tx, id, body.observers);
    await commitFields(tx, prepared, now);
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
    assertStatus(
      request,
      ['DRAFT', 'SIGNED', 'DECLINED', 'WITHDRAWN'],
      'REQUEST_STILL_OPEN',
      'This request is open; withdraw it before deleting it.',
    );
    await repo.deleteRequest(tx, id);
  });
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
