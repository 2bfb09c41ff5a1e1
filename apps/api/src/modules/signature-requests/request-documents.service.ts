import type { z } from 'zod';
import { maxRequestBytes } from '@signet/contracts/documents';
import type { AddDocumentBody, SignatureRequest } from '@signet/contracts/signature-requests';
import type { Db } from '../../db/client.ts';
import type { DocumentRow } from '../../db/schema/documents.ts';
import { AppError } from '../../errors.ts';
import type { UserCaller } from '../../plugins/auth.ts';
import { documentsInOrder, ownedDocument, uploadPdfBytes } from '../documents/documents.service.ts';
import { recordChange } from './audit-trail.service.ts';
import { assertStatus, lockEditable, ownedRequest } from './request-access.service.ts';
import { get } from './request-views.service.ts';
import * as repo from './signature-requests.repository.ts';
import type { SignatureRequestsDeps } from './signature-requests.service.ts';

// The documents of a request: chosen while it is a draft, signed in the order given.

type DocumentInput = z.infer<typeof AddDocumentBody>;
type UploadInput = Exclude<DocumentInput, { id: string }>;

/** A request holds at most this many documents. */
const maxDocuments = 10;

const draftOnly = 'Documents can be changed only in a draft.';

/** The ids of the request's documents, in their order. */
export function documentIdsOfRequest(db: Db, requestId: string): Promise<string[]> {
  return repo.documentIdsOf(db, requestId);
}

/** The request's documents, in their order (deleted ones left out). */
export async function documentsOfRequest(db: Db, requestId: string): Promise<DocumentRow[]> {
  return documentsInOrder(db, await repo.documentIdsOf(db, requestId));
}

/**
 * A document named in a request body: one of the owner's by id (VALIDATION_FAILED on `field` when
 * it is not theirs), or a new one uploaded as base64.
 */
export async function documentFromInput(
  deps: SignatureRequestsDeps,
  ownerId: string,
  input: DocumentInput,
  field: string,
): Promise<DocumentRow> {
  if (!('id' in input)) return uploadedDocument(deps, ownerId, input);
  return ownedDocument(deps, ownerId, input.id).catch(() => {
    throw new AppError('VALIDATION_FAILED', 'No such document of yours.', { field });
  });
}

function uploadedDocument(
  deps: SignatureRequestsDeps,
  ownerId: string,
  input: UploadInput,
): Promise<DocumentRow> {
  return uploadPdfBytes(deps, ownerId, {
    title: input.title,
    bytes: Buffer.from(input.content, 'base64'),
    password: input.password,
  });
}

/** Bytes of a request's documents and attachments together (the 60 MB request limit). */
export async function requestBytes(deps: SignatureRequestsDeps, id: string): Promise<number> {
  const documentRows = await documentsOfRequest(deps.db, id);
  const attachmentRows = await repo.attachmentsOf(deps.db, id);
  return (
    documentRows.reduce((sum, d) => sum + d.size, 0) + attachmentRows.reduce((sum, a) => sum + a.size, 0)
  );
}

/** Drafts only: adds one of the owner's documents (by id) or a new one (base64). */
export async function addDocument(
  deps: SignatureRequestsDeps,
  caller: UserCaller,
  id: string,
  input: DocumentInput,
): Promise<SignatureRequest> {
  const { request } = await ownedRequest(deps, caller, id);
  assertStatus(request, ['DRAFT'], 'REQUEST_NOT_EDITABLE', draftOnly);
  const ids = await repo.documentIdsOf(deps.db, id);
  if (ids.length >= maxDocuments)
    throw new AppError('VALIDATION_FAILED', `A request has at most ${maxDocuments} documents.`, {
      field: 'documents',
    });
  // An upload is checked against the size limit before it is stored.
  const owned = 'id' in input ? await documentFromInput(deps, caller.userId, input, 'id') : null;
  if (owned && ids.includes(owned.id))
    throw new AppError('VALIDATION_FAILED', 'This document is part of the request already.', {
      field: 'id',
    });
  const incoming = 'id' in input ? owned!.size : Math.floor((input.content.length * 3) / 4);
  if ((await requestBytes(deps, id)) + incoming > maxRequestBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', 'A request holds at most 60 MB of documents and attachments.', {
      field: 'id' in input ? 'id' : 'content',
    });
  const row = 'id' in input ? owned! : await uploadedDocument(deps, caller.userId, input);
  await deps.db.transaction(async (tx) => {
    await lockEditable(tx, id, ['DRAFT']);
    await repo.setRequestDocuments(tx, id, [...(await repo.documentIdsOf(tx, id)), row.id]);
    await recordChange(deps, tx, id, 'document added', caller.userId, {
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
  assertStatus(request, ['DRAFT'], 'REQUEST_NOT_EDITABLE', draftOnly);
  if (ids.length === 1)
    throw new AppError('LAST_DOCUMENT', 'A request keeps at least one document.', { field: 'documentId' });
  await deps.db.transaction(async (tx) => {
    const locked = await lockEditable(tx, id, ['DRAFT']);
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
    await recordChange(deps, tx, id, 'document removed', caller.userId, { document_id: documentId });
  });
}
