import { documentEndpoints } from '@signet/contracts/endpoints/documents';
import type { Document } from '@signet/contracts/documents';
import { uploadWithProgress } from '../../../lib/api-client.ts';

interface UploadOptions {
  /** The user password of a protected PDF, or the owner password of a restricted one. */
  password?: string;
  /** 0..1 as the bytes go out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * One PDF as multipart, with its progress. One file per call, so a refused file creates nothing
 * and the others are not held up.
 */
export async function uploadDocument(file: File, options: UploadOptions = {}): Promise<Document> {
  const form = new FormData();
  // The API reads the password field before the file it applies to.
  if (options.password) form.append('password', options.password);
  form.append('file', file, file.name);
  const { documents } = await uploadWithProgress(documentEndpoints.uploadDocuments, {
    body: form,
    signal: options.signal,
    onProgress: options.onProgress,
  });
  const [document] = documents;
  if (!document) throw new Error('The upload created no document.');
  return document;
}
