import { apiBlob } from '../../../lib/api-client.ts';
import { accessPath, directToken, type SigningAccess } from '../access.ts';

export type DownloadKind = 'pdf' | 'zip' | 'report';

function pathOf(kind: DownloadKind, requestId: string, documentId: string | undefined): string {
  if (kind === 'pdf') return `/v3/documents/${encodeURIComponent(documentId ?? '')}/download`;
  return `/v3/signature-requests/${encodeURIComponent(requestId)}/${kind === 'zip' ? 'zip' : 'report'}`;
}

/**
 * GET .../documents/{id}/download (signed PDF), .../zip, .../report?type=PDF. A visitor's download
 * is a link with `?token=`; a user's is fetched with the Bearer header and saved from a blob.
 */
export async function download(
  access: SigningAccess,
  kind: DownloadKind,
  target: { requestId: string; documentId?: string; filename: string },
): Promise<void> {
  const path = pathOf(kind, target.requestId, target.documentId);
  const query: Record<string, string> = kind === 'report' ? { type: 'PDF' } : {};
  const token = directToken(access);
  let href: string;
  let revoke = false;
  if (token) {
    const params = new URLSearchParams({ ...query, token });
    href = `/api${accessPath(access, path)}?${params.toString()}`;
  } else {
    href = URL.createObjectURL(await apiBlob(path, { query }));
    revoke = true;
  }
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = target.filename;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  if (revoke) setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
