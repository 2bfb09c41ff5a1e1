import { ErrorResponse } from '@signet/contracts/errors';
import { UploadDocumentsResponse, type Document } from '@signet/contracts/documents';
import { ApiError } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/session.ts';

export interface UploadOptions {
  /** The user password of a protected PDF. */
  password?: string;
  /** 0..1 as the bytes go out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function errorOf(xhr: XMLHttpRequest): ApiError {
  let body: unknown = null;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    // A proxy's 413 page or an empty body: the status says enough.
  }
  const parsed = ErrorResponse.safeParse(body);
  return new ApiError(
    parsed.success
      ? parsed.data
      : { statusCode: xhr.status, code: `HTTP_${xhr.status}`, message: xhr.statusText || 'Upload failed' },
  );
}

/**
 * POST /v3/documents with one PDF as multipart (XMLHttpRequest, since fetch does not report upload
 * progress). One file per call, so a refused file creates nothing and the others are not held up.
 */
export function uploadDocument(file: File, options: UploadOptions = {}): Promise<Document> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/v3/documents');
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token.value}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status !== 201) return reject(errorOf(xhr));
      try {
        const parsed = UploadDocumentsResponse.parse(JSON.parse(xhr.responseText));
        const document = parsed.documents[0];
        if (document) resolve(document);
        else reject(errorOf(xhr));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.onerror = () =>
      reject(new ApiError({ statusCode: 0, code: 'NETWORK_ERROR', message: 'The upload was interrupted' }));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    // The API reads the password field before the file it applies to.
    if (options.password) form.append('password', options.password);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
