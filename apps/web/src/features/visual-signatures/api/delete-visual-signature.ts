import { visualSignatureEndpoints } from '@signet/contracts/endpoints/visual-signatures';
import { callApi } from '../../../lib/api-client.ts';

/** Deletes a visual signature and its image (the dialog calls it, then the page reads its list again). */
export function deleteVisualSignature(id: string): Promise<void> {
  return callApi(visualSignatureEndpoints.deleteVisualSignature, { params: { id } });
}
