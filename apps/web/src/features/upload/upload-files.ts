import type { Document } from '@signet/contracts/documents';
import { maxDocumentBytes, maxRequestBytes } from '@signet/contracts/documents';
import type { ClientErrorCode } from '../../lib/api-client.ts';
import { numberFormat } from '../../lib/i18n.ts';

/** At most this many documents go into one request (the create call's limit). */
export const maxDocumentsPerRequest = 10;

/** Why a file is not uploaded, or why the API refused it. Each has a translated text in `errors.<code>`. */
export type UploadErrorCode =
  | 'not_pdf'
  | 'empty'
  | 'too_large'
  | 'request_too_large'
  | 'too_many'
  | 'password_required'
  | 'password_wrong'
  | 'damaged'
  | 'too_complex'
  | 'not_signable'
  | 'owner_password_wrong'
  | 'certified'
  | 'session'
  | 'network'
  | 'generic';

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  status: 'queued' | 'uploading' | 'done' | 'error';
  /** 0..1 while uploading. */
  progress: number;
  error: UploadErrorCode | null;
  /** The password last tried for a protected PDF. */
  password: string | null;
  document: Document | null;
}

/** The PDF signature: every PDF starts with `%PDF-` (within the first KB, after optional junk). */
export function looksLikePdf(head: Uint8Array): boolean {
  const text = new TextDecoder('latin1').decode(head.subarray(0, 1024));
  return text.includes('%PDF-');
}

/** What can be said about one file before anything is sent: by name, type and size. */
export function checkFile(file: { name: string; type: string; size: number }): UploadErrorCode | null {
  const pdfName = file.name.toLowerCase().endsWith('.pdf');
  const pdfType = file.type === 'application/pdf' || file.type === 'application/x-pdf';
  if (!pdfName && !pdfType) return 'not_pdf';
  if (file.size === 0) return 'empty';
  if (file.size > maxDocumentBytes) return 'too_large';
  return null;
}

/**
 * The files that fit next to what is already there: at most 10 documents and 60 MB in one request.
 * Files past either limit get their error; the others are accepted in order.
 */
export function admit(
  existing: readonly Pick<UploadItem, 'size' | 'error'>[],
  files: readonly { size: number; error: UploadErrorCode | null }[],
): (UploadErrorCode | null)[] {
  const kept = existing.filter((item) => item.error === null);
  let count = kept.length;
  let total = kept.reduce((sum, item) => sum + item.size, 0);
  return files.map((file) => {
    if (file.error) return file.error;
    if (count >= maxDocumentsPerRequest) return 'too_many';
    if (total + file.size > maxRequestBytes) return 'request_too_large';
    count += 1;
    total += file.size;
    return null;
  });
}

/**
 * The API's refusal of an upload in the page's words (spec error codes; 413 may come without a body).
 * `triedPassword`: the upload carried a password (a user password, or an owner password that did
 * not lift the file's restrictions); `signingRestriction`: the refusal's `details` of that name.
 */
export function uploadErrorFor(
  code: ClientErrorCode,
  statusCode: number,
  triedPassword: boolean,
  signingRestriction?: 'permissions' | 'certification',
): UploadErrorCode {
  switch (code) {
    case 'PAYLOAD_TOO_LARGE':
      return 'too_large';
    case 'PDF_NOT_A_PDF':
    case 'UNSUPPORTED_MEDIA_TYPE':
      return 'not_pdf';
    case 'PDF_PASSWORD_REQUIRED':
      return triedPassword ? 'password_wrong' : 'password_required';
    case 'PDF_DAMAGED':
      return 'damaged';
    case 'PDF_RESOURCE_LIMIT':
      return 'too_complex';
    case 'PDF_SIGNING_NOT_PERMITTED':
      // No password lifts a certification; the owner password lifts encryption permissions.
      if (signingRestriction === 'certification') return 'certified';
      return triedPassword ? 'owner_password_wrong' : 'not_signable';
    case 'NETWORK_ERROR':
      return 'network';
  }
  // A proxy's refusal (of a large body, of a session) has no API error code, only its status.
  if (statusCode === 413) return 'too_large';
  if (statusCode === 401) return 'session';
  return 'generic';
}

/** A request's first title: the first document's name without its extension. */
export function draftTitle(items: readonly Pick<UploadItem, 'name' | 'status'>[]): string {
  const first = items.find((item) => item.status === 'done');
  const title = (first?.name ?? 'Document').replace(/\.pdf$/i, '').trim();
  return (title || 'Document').slice(0, 200);
}

/** A file size in the UI language's own unit (MB, Mo …). */
export function formatBytes(bytes: number, language: string): string {
  const mb = bytes / (1024 * 1024);
  const [value, unit, digits] = mb >= 1 ? [mb, 'megabyte', 1] : [Math.max(1, bytes / 1024), 'kilobyte', 0];
  return numberFormat(language, { style: 'unit', unit, maximumFractionDigits: digits }).format(value);
}

export type UploadAction =
  | { type: 'add'; items: UploadItem[] }
  | { type: 'start'; key: string; password: string | null }
  | { type: 'progress'; key: string; progress: number }
  | { type: 'done'; key: string; document: Document }
  | { type: 'failed'; key: string; error: UploadErrorCode }
  | { type: 'remove'; key: string };

export function uploadsReducer(items: UploadItem[], action: UploadAction): UploadItem[] {
  if (action.type === 'add') return [...items, ...action.items];
  if (action.type === 'remove') return items.filter((item) => item.key !== action.key);
  return items.map((item) => {
    if (item.key !== action.key) return item;
    switch (action.type) {
      case 'start':
        return { ...item, status: 'uploading', progress: 0, error: null, password: action.password };
      case 'progress':
        return item.status === 'uploading'
          ? { ...item, progress: Math.min(1, Math.max(0, action.progress)) }
          : item;
      case 'done':
        return { ...item, status: 'done', progress: 1, document: action.document };
      case 'failed':
        return { ...item, status: 'error', error: action.error };
    }
  });
}

/** What the page can do next: continue once something is uploaded and nothing is still going. */
export function uploadSummary(items: readonly UploadItem[]) {
  const done = items.filter((item) => item.status === 'done');
  const busy = items.some((item) => item.status === 'uploading' || item.status === 'queued');
  return { done, busy, canContinue: done.length > 0 && !busy };
}
