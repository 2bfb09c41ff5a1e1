import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { documentEndpoints } from '@signet/contracts/endpoints/documents';
import { callApi } from '../../../lib/api-client.ts';

/**
 * A page image (scale 100 = 1 px per pt). It needs the Bearer header, so it is fetched as a blob
 * and shown through an object URL.
 */
const pageImageQueryOptions = (documentId: string, page: number, scale: number) =>
  queryOptions({
    queryKey: ['documents', documentId, 'pages', page, scale],
    queryFn: ({ signal }) =>
      callApi(documentEndpoints.documentPage, {
        params: { id: documentId, n: page },
        query: { scale },
        retry: true,
        signal,
      }),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });

/** Loads only once `enabled` (the page came near the viewport). */
export function usePageImage(documentId: string, page: number, scale: number, enabled: boolean) {
  // A sharper image for a new size replaces the shown one once it has loaded.
  return useQuery({
    ...pageImageQueryOptions(documentId, page, scale),
    enabled,
    placeholderData: keepPreviousData,
  });
}
