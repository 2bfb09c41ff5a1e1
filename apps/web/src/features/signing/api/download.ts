import { documentEndpoints } from '@signet/contracts/endpoints/documents';
import { signatureRequestEndpoints } from '@signet/contracts/endpoints/signature-requests';
import { callApi } from '../../../lib/api-client.ts';
import { visitorOf, type SigningAccess } from '../../../lib/signing-access.ts';
import { saveBlob } from '../../../lib/save-blob.ts';

/** What the download menu offers: a document's signed PDF, the request's ZIP, or its PDF report. */
export type Download = { kind: 'pdf'; documentId: string } | { kind: 'zip' } | { kind: 'report' };

function fetchDownload(access: SigningAccess, requestId: string, what: Download): Promise<Blob> {
  const visitor = visitorOf(access);
  if (what.kind === 'pdf')
    return callApi(documentEndpoints.downloadDocument, {
      params: { id: what.documentId },
      query: {},
      visitor,
    });
  if (what.kind === 'zip')
    return callApi(signatureRequestEndpoints.downloadZip, { params: { id: requestId }, visitor });
  return callApi(signatureRequestEndpoints.getReport, {
    params: { id: requestId },
    query: { type: 'PDF' },
    visitor,
  });
}

/**
 * Fetched with the Authorization header (a visitor's through the direct twins: never a credential
 * in a link) and saved from the blob under `filename`.
 */
export async function download(
  access: SigningAccess,
  requestId: string,
  what: Download,
  filename: string,
): Promise<void> {
  saveBlob(await fetchDownload(access, requestId, what), filename);
}
