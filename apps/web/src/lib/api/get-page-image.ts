import { useObjectUrl } from '../use-object-url.ts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { documentEndpoints } from '@signet/contracts/endpoints/documents';
import { callApi } from '../api-client.ts';
import { accessKey, visitorOf, type SigningAccess } from '../signing-access.ts';

/** A document as its pages are cached: by version, since every signature changes how they look. */
export interface PagedDocument {
  id: string;
  /** The current version (GET /v3/documents/{id} `sha256`). */
  sha256: string;
}

const pageImageQueryOptions = (access: SigningAccess, document: PagedDocument, page: number, scale: number) =>
  queryOptions({
    queryKey: ['documents', document.id, document.sha256, 'pages', page, scale, accessKey(access)],
    // Users and visitors alike fetch the page with the Authorization header and show it through an
    // object URL: a credential in the image URL would end up in logs and the browser history.
    queryFn: ({ signal }) =>
      callApi(documentEndpoints.documentPage, {
        params: { id: document.id, n: page },
        query: { scale },
        retry: true,
        signal,
        visitor: visitorOf(access),
      }),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });

/**
 * The page image as an object URL, loaded only once `enabled` (the page came near the viewport). A
 * sharper image for a new size, or the image of a new version, replaces the shown one once it has
 * loaded; a URL is released when its image is replaced or the page goes.
 */
export function usePageImageUrl(
  access: SigningAccess,
  document: PagedDocument,
  page: number,
  scale: number,
  enabled: boolean,
) {
  const image = useQuery({
    ...pageImageQueryOptions(access, document, page, scale),
    enabled,
    placeholderData: keepPreviousData,
  });
  return { url: useObjectUrl(image.data), failed: image.isError, retry: () => void image.refetch() };
}
