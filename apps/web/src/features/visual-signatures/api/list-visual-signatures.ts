import { queryOptions, useQuery } from '@tanstack/react-query';
import { visualSignatureEndpoints } from '@signet/contracts/endpoints/visual-signatures';
import { callApi } from '../../../lib/api-client.ts';

/** Every query of this feature starts with this key: a change refreshes them all. */
export const visualSignaturesKey = ['visual-signatures'] as const;

/** The user's visual signatures (default first) and which switches they may change. */
export function useVisualSignatures() {
  return useQuery(
    queryOptions({
      queryKey: [...visualSignaturesKey, 'list'],
      queryFn: () => callApi(visualSignatureEndpoints.listVisualSignatures, { retry: true }),
    }),
  );
}
