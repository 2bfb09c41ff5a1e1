import { QueryClient } from '@tanstack/react-query';

/** Retries happen in the api client (spec §8 backoff), so queries do not retry again on top. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
