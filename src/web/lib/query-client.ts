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

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 5 * 60_000,
        retry: shouldRetry,
        retryDelay,
      },
    },
  });
}
