import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { inspectPdf, normalizePdf, PdfError, renderPage, type PdfInfo } from '@signet/pdf';
import type { Document } from '@signet/contracts/documents';
import type { ExistingSignatureField } from '@signet/contracts/signature-fields';
import { maxDocumentBytes } from '@signet/contracts/documents';
import type { Db } from '../../db/client.ts';
import type { DocumentRow } from '../../db/schema/documents.ts';
import type { Clock } from '../../clock.ts';
import type { BlobStore } from '../../blobs/blob-store.ts';
import type { ErrorCode } from '@signet/contracts/errors';
import { AppError } from '../../errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { withoutControlCharacters } from '../../plugins/downloads.ts';
import { getAccount } from '../accounts/accounts.service.ts';
import { validateUpload, type ValidationDeps } from '../validation/validation.service.ts';
import * as repo from './documents.repository.ts';

export interface DocumentsDeps {
  db: Db;
  clock: Clock;
  blobs: BlobStore;
  publicUrl: string;
  /** Rendered page images are kept here, keyed by version, page, scale and format. */
  pageCacheDir: string;
  /** What the validation of an upload's own signatures trusts. */
  trustAnchors: ValidationDeps['trustAnchors'];
}

/** Maps the engine's refusal of a file to the API's stable code (same names). */
export function engineError(error: unknown): AppError | null {
  if (!(error instanceof PdfError)) return null;
  const messages: Partial<Record<string, string>> = {
    PDF_NOT_A_PDF: 'This file is not a PDF. Upload a PDF document.',
    PDF_PASSWORD_REQUIRED:
      'This PDF is protected with a password. Give the password, or upload an unprotected copy.',
    PDF_DAMAGED:
      'This PDF is damaged and cannot be repaired. Export it again from its source and upload the new copy.',
    PDF_RESOURCE_LIMIT:
      'This PDF takes too long to process. Export it again, or split it into smaller documents.',
    PDF_SIGNING_NOT_PERMITTED:
      'The permissions of this PDF do not allow signing it. Ask its author for a copy without restrictions.',
  };
  const message = messages[error.code];
  return message ? new AppError(error.code as ErrorCode, message, { field: 'file' }) : null;
}

/**
 * Why an upload may not be signed, for the uploader to act on: encryption permissions, which the
 * owner password lifts, or a certification allowing no changes, which nothing lifts.
 */
function signingRefusal(info: PdfInfo): AppError {
  const permissions = info.encryption?.permissions;
  if (permissions && !permissions.modify && !permissions.fillForms)
    return new AppError(
      'PDF_SIGNING_NOT_PERMITTED',
      'The permissions of this PDF do not allow signing it. Give its owner password, or ask its author for a copy without restrictions.',
      { field: 'file', details: { signingRestriction: 'permissions' } },
    );
  return new AppError(
    'PDF_SIGNING_NOT_PERMITTED',
    'The author of this PDF certified it with "no changes allowed", so it cannot be signed. Ask the author for an uncertified copy.',
    { field: 'file', details: { signingRestriction: 'certification' } },
  );
}

export function toDocumentDto(row: DocumentRow): Document {
  return {
    id: row.id,
    title: row.title,
    size: row.size,
    sha256: row.currentSha256,
    originalSha256: row.originalSha256,
    pageCount: row.pageCount,
    pages: row.pages,
    signatureCount: row.signatureCount,
    validation: row.validation,
    signatureFields: row.signatureFields,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Points kept of a field's box: finer than any screen, and stable in JSON. */
const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The upload's empty signature fields a signer can be placed on: unsigned (a signed one is part of
 * an earlier signature), on a page, with a box at least as large as the editor's smallest
 * (20 × 10 pt, the Position bounds). Hidden zero-size fields are left to whoever made them.
 */
function offeredSignatureFields(info: PdfInfo): ExistingSignatureField[] {
  return info.signatureFields.flatMap((f) =>
    !f.signed && f.page !== null && f.rect !== null && f.rect.width >= 20 && f.rect.height >= 10
      ? [
          {
            name: f.name,
            page: f.page,
            x: round(Math.max(0, f.rect.x)),
            y: round(Math.max(0, f.rect.y)),
            width: round(f.rect.width),
            height: round(f.rect.height),
            lock: f.lock && { action: f.lock.action, fields: f.lock.fields },
          },
        ]
      : [],
  );
}

async function inspectOrRefuse(bytes: Uint8Array, password?: string): Promise<PdfInfo> {
  try {
    return await inspectPdf(bytes, { password });
  } catch (error) {
    throw engineError(error) ?? error;
  }
}

/**
 * Takes an uploaded PDF that is already in the blob store: checks it with the engine and, when it
 * only opens through repair or a password (user, or owner lifting its permissions), stores a clean
 * rewrite as the version to sign (never the damaged or encrypted bytes). Returns the new document.
 */
async function ingestPdf(
  deps: DocumentsDeps,
  ownerId: string,
  upload: { title: string; sha256: string; size: number; password?: string },
): Promise<DocumentRow> {
  const original = await deps.blobs.read(upload.sha256);
  let info = await inspectOrRefuse(original, upload.password);
  // Judged on the file as uploaded: a decrypted rewrite would no longer carry its author's rules.
  if (info.signingNotPermitted) throw signingRefusal(info);
  // Judged on the bytes as uploaded too: a rewrite no longer holds what its signers signed.
  const validation = info.signatureFields.some((f) => f.signed)
    ? await validateUpload(deps, original, upload.password).catch((error) => {
        throw engineError(error) ?? error;
      })
    : null;
  let current = { sha256: upload.sha256, size: upload.size };
  // A user password opens the file only for this call, and the owner password's lifting of the
  // permissions holds only for it too: later steps get the decrypted rewrite (the upload page
  // tells the uploader before the password is sent).
  const rewrite =
    info.needsRepair ||
    info.encryption?.userPasswordRequired === true ||
    info.encryption?.ownerPassword === true;
  // Named before `info` describes the rewrite, which is no longer encrypted.
  const rewriteReason = info.encryption ? 'decrypted' : 'repaired';
  if (rewrite) {
    const clean = await normalizePdf(original, { password: upload.password }).catch((error) => {
      throw engineError(error) ?? error;
    });
    info = await inspectOrRefuse(clean);
    current = await deps.blobs.put(clean);
  }
  const now = deps.clock.now();
  const row: DocumentRow = {
    id: randomUUID(),
    ownerId,
    // Titles become file names (downloads, zip entries), from an upload or given as JSON.
    title: withoutControlCharacters(upload.title).trim() || 'Document',
    originalSha256: upload.sha256,
    currentSha256: current.sha256,
    size: current.size,
    pageCount: info.pageCount,
    pages: info.pages.map((p) => ({
      number: p.number,
      width: p.width,
      height: p.height,
      rotation: p.rotation,
    })),
    signatureCount: info.signatureFields.filter((f) => f.signed).length,
    validation,
    signatureFields: offeredSignatureFields(info),
    createdAt: now,
    deletedAt: null,
  };
  await deps.db.transaction(async (tx) => {
    await repo.insertDocument(tx, row);
    await repo.insertVersion(tx, {
      documentId: row.id,
      version: 1,
      sha256: upload.sha256,
      size: upload.size,
      reason: 'upload',
      createdAt: now,
    });
    if (rewrite)
      await repo.insertVersion(tx, {
        documentId: row.id,
        version: 2,
        sha256: current.sha256,
        size: current.size,
        reason: rewriteReason,
        createdAt: now,
      });
  });
  return row;
}

/** Stores an upload stream (bounded memory, at most 40 MB) and ingests it. */
export async function uploadPdfStream(
  deps: DocumentsDeps,
  ownerId: string,
  upload: { title: string; stream: Readable; password?: string; maxBytes?: number },
): Promise<DocumentRow> {
  const stored = await deps.blobs.putStream(
    upload.stream,
    upload.maxBytes ?? maxDocumentBytes,
    () => new AppError('PAYLOAD_TOO_LARGE', 'A document can be at most 40 MB.', { field: 'file' }),
  );
  return ingestPdf(deps, ownerId, { title: upload.title, ...stored, password: upload.password });
}

export async function uploadPdfBytes(
  deps: DocumentsDeps,
  ownerId: string,
  upload: { title: string; bytes: Uint8Array; password?: string },
): Promise<DocumentRow> {
  if (upload.bytes.byteLength > maxDocumentBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', 'A document can be at most 40 MB.', { field: 'content' });
  const stored = await deps.blobs.put(upload.bytes);
  return ingestPdf(deps, ownerId, { title: upload.title, ...stored, password: upload.password });
}

/** The document if the caller may read it; otherwise NOT_FOUND (never reveals that it exists). */
export async function readableDocument(
  deps: DocumentsDeps,
  caller: Caller,
  id: string,
): Promise<DocumentRow> {
  const row = await repo.findDocument(deps.db, id);
  const notFound = new AppError('NOT_FOUND', 'No such document.');
  if (!row) throw notFound;
  if (caller.kind === 'visitor') {
    if (await repo.visitorMayRead(deps.db, id, caller.requestId)) return row;
    throw notFound;
  }
  if (row.ownerId === caller.userId) return row;
  const user = await getAccount(deps, caller.userId);
  if (await repo.userMayRead(deps.db, id, { id: user.id, email: user.email })) return row;
  throw notFound;
}

export async function ownedDocument(deps: DocumentsDeps, ownerId: string, id: string): Promise<DocumentRow> {
  const row = await repo.findDocument(deps.db, id);
  if (!row || row.ownerId !== ownerId) throw new AppError('NOT_FOUND', 'No such document.');
  return row;
}

export async function deleteDocument(deps: DocumentsDeps, ownerId: string, id: string): Promise<void> {
  const row = await ownedDocument(deps, ownerId, id);
  if (await repo.isInSentRequest(deps.db, row.id))
    throw new AppError(
      'DOCUMENT_IN_USE',
      'This document belongs to a sent signature request; withdraw or delete the request instead.',
    );
  await repo.markDeleted(deps.db, row.id, deps.clock.now());
}

/**
 * After requests were deleted (automatic deletion): the owner's documents among `ids` that no
 * request contains any more are deleted too, in the caller's transaction.
 */
export async function deleteUnusedDocuments(
  deps: Pick<DocumentsDeps, 'clock'>,
  db: Db,
  ownerId: string,
  ids: string[],
): Promise<void> {
  const now = deps.clock.now();
  for (const id of await repo.unusedDocumentIds(db, ownerId, ids)) await repo.markDeleted(db, id, now);
}

export function documentBytes(deps: DocumentsDeps, row: DocumentRow, signed: boolean): Readable {
  return deps.blobs.stream(signed ? row.currentSha256 : row.originalSha256);
}

/**
 * A page image of the current version. Rendered once per (version, page, scale, format) and kept
 * on disk; the ETag is that key, so browsers revalidate cheaply.
 */
export async function pageImage(
  deps: DocumentsDeps,
  row: DocumentRow,
  page: { number: number; scale: number; format: 'png' | 'webp' },
): Promise<{ bytes: Buffer; etag: string; contentType: string }> {
  if (page.number > row.pageCount)
    throw new AppError('PAGE_NOT_FOUND', `The document has ${row.pageCount} pages.`, { field: 'n' });
  const key = `${row.currentSha256}-${page.number}-${page.scale}.${page.format}`;
  const contentType = page.format === 'png' ? 'image/png' : 'image/webp';
  const cached = join(deps.pageCacheDir, key);
  if (existsSync(cached)) return { bytes: await readFile(cached), etag: `"${key}"`, contentType };
  const rendered = await renderPage(await deps.blobs.read(row.currentSha256), page.number, {
    scale: page.scale,
    format: page.format,
  });
  const bytes = Buffer.from(rendered);
  mkdirSync(deps.pageCacheDir, { recursive: true });
  const temp = `${cached}.${randomUUID()}`;
  await writeFile(temp, bytes);
  await rename(temp, cached);
  return { bytes, etag: `"${key}"`, contentType };
}

/**
 * Documents by id in the order given (deleted ones left out), without access checks: for modules
 * that checked access to the request holding them. One query, however many documents.
 */
export async function documentsInOrder(db: Db, ids: string[]): Promise<DocumentRow[]> {
  const byId = new Map((await repo.findDocuments(db, ids)).map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Every version of a document, oldest first (the signature report lists them). */
export function versionsOf(db: Db, documentId: string) {
  return repo.listVersions(db, documentId);
}

/**
 * The version a document had before its first version made for `reason` (its latest when there is
 * none): e.g. the upload, repaired or decrypted, before any signature field was added.
 */
export async function versionBefore(db: Db, documentId: string, reason: string): Promise<string> {
  const versions = await repo.listVersions(db, documentId);
  const first = versions.findIndex((v) => v.reason === reason);
  const base = first === -1 ? versions.at(-1) : versions[first - 1];
  if (!base) throw new Error(`document ${documentId} has no version before "${reason}"`);
  return base.sha256;
}

/**
 * Moves a document to a new version, but only while it is still at `from`, the version the new
 * bytes were built on (they are prepared outside the transaction: the engine is slow). Callers hold
 * the request's row lock, so a revision that landed in between is never overwritten: the caller's
 * user is asked to try again instead.
 */
export async function advanceDocumentIfCurrent(
  db: Db,
  next: {
    documentId: string;
    from: string;
    sha256: string;
    size: number;
    reason: string;
    createdAt: Date;
    /**
     * The field the new version's signature fills: the count shown with the document grows, and
     * when it is one of the upload's own fields, that field is no longer offered to signers.
     */
    signedField?: string;
  },
  conflictMessage: string,
): Promise<void> {
  const current = await repo.findDocument(db, next.documentId);
  if (current?.currentSha256 !== next.from)
    throw new AppError('REQUEST_LOCKED', conflictMessage, { retryAfterSeconds: 1 });
  await repo.advanceDocument(db, next.documentId, {
    sha256: next.sha256,
    size: next.size,
    reason: next.reason,
    createdAt: next.createdAt,
    ...(next.signedField !== undefined
      ? {
          signatureCount: current.signatureCount + 1,
          signatureFields: current.signatureFields.filter((f) => f.name !== next.signedField),
        }
      : {}),
  });
}
