import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateVisualSignatureBody } from '@signet/contracts/visual-signatures';
import { visualSignatureEndpoints } from '@signet/contracts/endpoints/visual-signatures';
import { callApi } from '../../../lib/api-client.ts';
import { visualSignaturesKey } from './list-visual-signatures.ts';

/** Creates a visual signature (no id) or changes one; the lists are read again afterwards. */
export function useSaveVisualSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CreateVisualSignatureBody }) =>
      id === null
        ? callApi(visualSignatureEndpoints.createVisualSignature, { body })
        : callApi(visualSignatureEndpoints.updateVisualSignature, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: visualSignaturesKey }),
  });
}
