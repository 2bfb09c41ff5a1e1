import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client.ts';

/**
 * GET /v3/documents/{id}/pages/{n}?scale= (scale 100 = 1 px per pt): a page image. It needs the
 * Bearer header, so it is fetched as a blob and shown through an object URL.
 */
export function getPageImage(documentId: string, page: number, scale: number, signal?: AbortSignal) {
  return apiBlob(`/v3/documents/${encodeURIComponent(documentId)}/pages/${page}`, {
    query: { scale },
    retry: true,
    signal,
  });
}

export const pageImageQueryOptions = (documentId: string, page: number, scale: number) =>
  queryOptions({
    queryKey: ['documents', documentId, 'pages', page, scale],
    queryFn: ({ signal }) => getPageImage(documentId, page, scale, signal),
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
