import { useEffect, useState } from 'react';

/**
 * A Blob (a fetched picture) as an object URL for an <img>: the URL of the next Blob replaces it once
 * that is there, and each URL is released when it is replaced or the component goes.
 */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return url;
}
