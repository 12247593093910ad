import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { createQueryClient, retryDelay, shouldRetry } from './query-client.ts';

describe('query client defaults', () => {
  it('doubles the retry delay from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries up to 3 times, but not client errors', () => {
    expect(shouldRetry(2, new Error('network'))).toBe(true);
    expect(shouldRetry(3, new Error('network'))).toBe(false);
    expect(shouldRetry(0, new ApiError(500, 'boom'))).toBe(true);
    expect(shouldRetry(0, new ApiError(404, 'missing'))).toBe(false);
    expect(shouldRetry(0, new ApiError(429, 'slow down'))).toBe(true);
  });

  it('keeps unused cache entries for 5 minutes', () => {
    expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBe(300_000);
  });
});
