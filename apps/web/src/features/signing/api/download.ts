import { apiBlob } from '../../../lib/api-client.ts';
import { accessOptions, accessPath, type SigningAccess } from '../../../lib/signing-access.ts';

export type DownloadKind = 'pdf' | 'zip' | 'report';

function pathOf(kind: DownloadKind, requestId: string, documentId: string | undefined): string {
  if (kind === 'pdf') return `/v3/documents/${encodeURIComponent(documentId ?? '')}/download`;
  return `/v3/signature-requests/${encodeURIComponent(requestId)}/${kind === 'zip' ? 'zip' : 'report'}`;
}

/**
 * GET .../documents/{id}/download (signed PDF), .../zip, .../report?type=PDF, or their /v3/direct
 * twins: fetched with the Authorization header (never a credential in a link) and saved from a blob.
 */
export async function download(
  access: SigningAccess,
  kind: DownloadKind,
  target: { requestId: string; documentId?: string; filename: string },
): Promise<void> {
  const path = accessPath(access, pathOf(kind, target.requestId, target.documentId));
  const query: Record<string, string> = kind === 'report' ? { type: 'PDF' } : {};
  const href = URL.createObjectURL(await apiBlob(path, accessOptions(access, { query })));
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = target.filename;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
