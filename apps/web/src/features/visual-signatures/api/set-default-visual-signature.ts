import { useMutation, useQueryClient } from '@tanstack/react-query';
import { visualSignatureEndpoints } from '@signet/contracts/endpoints/visual-signatures';
import { callApi } from '../../../lib/api-client.ts';
import { visualSignaturesKey } from './list-visual-signatures.ts';

/** Makes a visual signature the one drawn when the user signs. */
export function useSetDefaultVisualSignature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callApi(visualSignatureEndpoints.setDefaultVisualSignature, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: visualSignaturesKey }),
  });
}
