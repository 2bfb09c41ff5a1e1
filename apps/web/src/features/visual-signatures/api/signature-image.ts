import { visualSignatureEndpoints } from '@signet/contracts/endpoints/visual-signatures';
import type { VisualSignature } from '@signet/contracts/visual-signatures';
import { callApi, uploadWithProgress } from '../../../lib/api-client.ts';

/** Sets the custom image (PNG or JPEG), reporting 0..1 as the bytes go out. */
export function uploadSignatureImage(
  id: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<VisualSignature> {
  const form = new FormData();
  form.append('image', file, file.name);
  return uploadWithProgress(visualSignatureEndpoints.uploadVisualSignatureImage, {
    params: { id },
    body: form,
    onProgress,
  });
}

export function deleteSignatureImage(id: string): Promise<VisualSignature> {
  return callApi(visualSignatureEndpoints.deleteVisualSignatureImage, { params: { id } });
}
