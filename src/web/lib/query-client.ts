import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

const MAX_RETRIES = 3;

/** 1 s, 2 s, 4 s, … capped at 30 s. */
export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, 30_000);
}

/** Client errors other than timeouts and rate limits will not change on a retry. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return error.status === 408 || error.status === 429 ? failureCount < MAX_RETRIES : false;
  }
  return failureCount < MAX_RETRIES;
}

/** On the server a render fetches once and never retries: the page answers with what the shop has now. */
export function createQueryClient({ server = false } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: server ? Infinity : 5 * 60_000,
        retry: server ? false : shouldRetry,
        // A failed answer (a 404) is the page's answer; fetching it again as the page mounts would render a skeleton.
        ...(server ? { retryOnMount: false } : {}),
        retryDelay,
      },
    },
  });
}
