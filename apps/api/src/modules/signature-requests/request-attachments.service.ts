import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Attachment } from '@signet/contracts/documents';
import { attachmentContentTypes, maxDocumentBytes, maxRequestBytes } from '@signet/contracts/documents';
import { AppError } from '../../errors.ts';
import type { Caller, UserCaller } from '../../plugins/auth.ts';
import { safeFilename } from '../../plugins/downloads.ts';
import type { AttachmentRow } from '../../db/schema/signature-requests.ts';
import { recordEvent } from './audit-trail.service.ts';
import { assertStatus, editableStatuses, ownedRequest, visibleRequest } from './request-access.service.ts';
import { requestBytes } from './request-documents.service.ts';
import * as repo from './signature-requests.repository.ts';
import type { SignatureRequestsDeps } from './signature-requests.service.ts';

type AttachmentType = (typeof attachmentContentTypes)[number];

const zipTypes = new Set<string>([
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
]);
const oleTypes = new Set<string>([
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
]);
const textTypes = new Set<string>(['text/plain', 'text/csv']);

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** PDF and image types judged from the bytes alone; null when the bytes are none of them. */
function sniffBinary(head: Uint8Array): AttachmentType | null {
  // A PDF header may follow some junk (spec: within the first 1024 bytes).
  if (Buffer.from(head.subarray(0, 1024)).includes('%PDF-')) return 'application/pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** Text must be UTF-8 without control characters other than tab, line breaks and form feed. */
function isPlainText(bytes: Uint8Array): boolean {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // eslint-disable-next-line no-control-regex
    return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
  } catch {
    return false;
  }
}

/**
 * The type an attachment is stored and served as. PDFs and images are recognised by their bytes
 * whatever was declared; office files must be the container their declared type says (ZIP for
 * OOXML/ODF, OLE2 for the older formats); text must really be text. Anything else is refused.
 */
export function attachmentTypeOf(
  declared: string,
  head: Uint8Array,
  whole: () => Uint8Array,
): AttachmentType | null {
  const sniffed = sniffBinary(head);
  if (sniffed) return sniffed;
  const type = declared.split(';')[0]!.trim().toLowerCase();
  if (zipTypes.has(type)) return startsWith(head, [0x50, 0x4b, 0x03, 0x04]) ? (type as AttachmentType) : null;
  if (oleTypes.has(type))
    return startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
      ? (type as AttachmentType)
      : null;
  if (textTypes.has(type)) return isPlainText(whole()) ? (type as AttachmentType) : null;
  return null;
}

export function toAttachmentDto(row: AttachmentRow): Attachment {
  return {
    id: row.id,
    filename: row.filename,
    contentType: row.contentType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
  };
}

const closed = 'This request is closed.';

/** Attachments may change while the request is a draft or open; the owner adds and deletes them. */
async function ownedChangeable(deps: SignatureRequestsDeps, caller: UserCaller, id: string) {
  const { request } = await ownedRequest(deps, caller, id);
  assertStatus(request, editableStatuses, 'REQUEST_NOT_EDITABLE', closed);
  return request;
}

/**
 * Stores uploaded attachments (each at most 40 MB; documents and attachments of a request together
 * at most 60 MB). Each file is streamed into the blob store, then its type is judged from its bytes.
 */
export async function addAttachments(
  deps: SignatureRequestsDeps,
  caller: UserCaller,
  id: string,
  files: AsyncIterable<{ filename: string | undefined; mimetype: string; file: Readable }>,
): Promise<Attachment[]> {
  await ownedChangeable(deps, caller, id);
  let used = await requestBytes(deps, id);
  const added: Attachment[] = [];
  for await (const part of files) {
    const allowed = Math.max(0, Math.min(maxDocumentBytes, maxRequestBytes - used));
    const stored = await deps.blobs.putStream(part.file, allowed, () =>
      allowed < maxDocumentBytes
        ? new AppError('PAYLOAD_TOO_LARGE', 'A request holds at most 60 MB of documents and attachments.', {
            field: 'file',
          })
        : new AppError('PAYLOAD_TOO_LARGE', 'An attachment can be at most 40 MB.', { field: 'file' }),
    );
    const bytes = await deps.blobs.read(stored.sha256);
    const contentType = attachmentTypeOf(part.mimetype, bytes.subarray(0, 1024), () => bytes);
    if (!contentType)
      throw new AppError(
        'ATTACHMENT_TYPE_NOT_ALLOWED',
        'Attach PDFs, office documents, images (PNG, JPEG, GIF, WebP) or plain text.',
        { field: 'file' },
      );
    const row: AttachmentRow = {
      id: randomUUID(),
      requestId: id,
      filename: safeFilename(part.filename),
      contentType,
      sha256: stored.sha256,
      size: stored.size,
      createdAt: deps.clock.now(),
    };
    await deps.db.transaction(async (tx) => {
      assertStatus(await repo.lockRequest(tx, id), editableStatuses, 'REQUEST_NOT_EDITABLE', closed);
      await repo.insertAttachment(tx, row);
      await recordEvent(deps, tx, id, 'attachment added', caller.userId, {
        attachment_id: row.id,
        filename: row.filename,
        sha256: row.sha256,
      });
    });
    used += stored.size;
    added.push(toAttachmentDto(row));
  }
  if (added.length === 0)
    throw new AppError('VALIDATION_FAILED', 'Attach at least one file as a `file` part.', { field: 'file' });
  return added;
}

/** The request's attachment by id; NOT_FOUND when it has none such. */
async function attachmentOf(
  deps: SignatureRequestsDeps,
  id: string,
  attachmentId: string,
): Promise<AttachmentRow> {
  const row = await repo.findAttachment(deps.db, id, attachmentId);
  if (!row) throw new AppError('NOT_FOUND', 'No such attachment.');
  return row;
}

/** An attachment any participant of the request may read; NOT_FOUND otherwise. */
export async function readableAttachment(
  deps: SignatureRequestsDeps,
  caller: Caller,
  id: string,
  attachmentId: string,
): Promise<AttachmentRow> {
  await visibleRequest(deps, caller, id);
  return attachmentOf(deps, id, attachmentId);
}

export async function deleteAttachment(
  deps: SignatureRequestsDeps,
  caller: UserCaller,
  id: string,
  attachmentId: string,
): Promise<void> {
  await ownedRequest(deps, caller, id);
  const row = await attachmentOf(deps, id, attachmentId);
  await ownedChangeable(deps, caller, id);
  await deps.db.transaction(async (tx) => {
    await repo.lockRequest(tx, id);
    await repo.deleteAttachment(tx, row.id);
    await recordEvent(deps, tx, id, 'attachment removed', caller.userId, {
      attachment_id: row.id,
      filename: row.filename,
    });
  });
}
