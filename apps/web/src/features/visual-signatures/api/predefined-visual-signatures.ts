import { queryOptions, useQuery } from '@tanstack/react-query';
import { visualSignatureEndpoints } from '@signet/contracts/endpoints/visual-signatures';
import { callApi } from '../../../lib/api-client.ts';
import { visualSignaturesKey } from './list-visual-signatures.ts';

/** Suggestions made from the user's account, to save as their own. */
export function usePredefinedVisualSignatures() {
  return useQuery(
    queryOptions({
      queryKey: [...visualSignaturesKey, 'predefined'],
      queryFn: () => callApi(visualSignatureEndpoints.predefinedVisualSignatures, { retry: true }),
      staleTime: 5 * 60_000,
    }),
  );
}
