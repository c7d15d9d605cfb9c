import { isAppError } from '@staff-portal/shared/errors';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

/** Data younger than this is shown without refetching; lists change on a minutes scale. */
export const QUERY_STALE_TIME_MS = 30_000;

/** Seed §9: at most 3 attempts, backoff 2^n × 100 ms plus up to 100 ms jitter, capped at 5 minutes. */
export const MAX_ATTEMPTS = 3;
const MAX_RETRY_DELAY_MS = 5 * 60_000;

/** Seed §8 "Retries": network errors (status 0), timeouts, 429, 500, 502, 503, 504. */
const RETRYABLE_STATUSES = new Set([0, 408, 429, 500, 502, 503, 504]);

/**
 * Only transient failures are retried: a 4xx answer (bad input, no permission, not found) will
 * not change by asking again, and an error that is not an API answer is a bug.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return isAppError(error) && RETRYABLE_STATUSES.has(error.status) && failureCount < MAX_ATTEMPTS - 1;
}

/** `failureCount` counts failures before this retry, from 0. */
export function retryDelay(failureCount: number): number {
  return Math.min(2 ** (failureCount + 1) * 100 + Math.random() * 100, MAX_RETRY_DELAY_MS);
}

export function createQueryClient({ onError }: { onError: (error: unknown) => void }): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // A query no screen shows failed: a route's prefetch (app/route-prefetch.ts). The
        // screen that wants it asks again when it mounts, and that failure is reported.
        if (query.getObserversCount() === 0) return;
        onError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        onError(error);
      },
    }),
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, retry: shouldRetry, retryDelay },
      // Writes are not idempotent in general; a feature opts in where one is.
      mutations: { retry: false },
    },
  });
}
