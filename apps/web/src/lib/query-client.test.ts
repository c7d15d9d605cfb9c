import { AppError } from '@staff-portal/shared/errors';
import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient, MAX_ATTEMPTS, QUERY_STALE_TIME_MS, retryDelay, shouldRetry } from './query-client';

const apiError = (status: number) => new AppError('X', 'x', { status });

describe('shouldRetry', () => {
  it.each([400, 401, 403, 404, 409, 413])('does not retry a %i answer', (status) => {
    expect(shouldRetry(0, apiError(status))).toBe(false);
  });

  it.each([0, 408, 429, 500, 502, 503, 504])('retries a %i failure up to three attempts in all', (status) => {
    expect(MAX_ATTEMPTS).toBe(3);
    expect(shouldRetry(0, apiError(status))).toBe(true);
    expect(shouldRetry(1, apiError(status))).toBe(true);
    expect(shouldRetry(2, apiError(status))).toBe(false);
  });

  it('does not retry an error that is not an API answer', () => {
    expect(shouldRetry(0, new TypeError('x is undefined'))).toBe(false);
  });
});

describe('retryDelay', () => {
  it('backs off exponentially with up to 100 ms of jitter', () => {
    for (let failures = 0; failures < 5; failures++) {
      const delay = retryDelay(failures);
      expect(delay).toBeGreaterThanOrEqual(2 ** (failures + 1) * 100);
      expect(delay).toBeLessThan(2 ** (failures + 1) * 100 + 100);
    }
    expect(retryDelay(30)).toBe(5 * 60_000);
  });
});

describe('createQueryClient', () => {
  it('keeps data fresh for about 30 seconds', () => {
    const client = createQueryClient({ onError: () => undefined });
    expect(client.getDefaultOptions().queries?.staleTime).toBe(QUERY_STALE_TIME_MS);
    expect(QUERY_STALE_TIME_MS).toBe(30_000);
  });

  it('sends a failed mutation to the error handler, without retrying', async () => {
    const onError = vi.fn();
    const client = createQueryClient({ onError });
    const failure = apiError(503);
    const mutationFn = vi.fn(() => Promise.reject(failure));

    await new MutationObserver(client, { mutationFn }).mutate().catch(() => undefined);

    expect(mutationFn).toHaveBeenCalledOnce();
    expect(onError).toHaveBeenCalledExactlyOnceWith(failure);
  });

  it('sends a failed query a screen shows to the error handler once, after its retries', async () => {
    const onError = vi.fn();
    const client = createQueryClient({ onError });
    const failure = apiError(503);
    const queryFn = vi.fn(() => Promise.reject(failure));

    // The default retry policy, without waiting for its backoff; observed, as a screen's query is.
    const observer = new QueryObserver(client, { queryKey: ['busy'], queryFn, retryDelay: 0 });
    const settled = new Promise<void>((resolve) =>
      observer.subscribe((result) => {
        if (result.isError) resolve();
      }),
    );
    await settled;

    expect(queryFn).toHaveBeenCalledTimes(MAX_ATTEMPTS);
    expect(onError).toHaveBeenCalledExactlyOnceWith(failure);
  });

  it('leaves unreported a failed query no screen shows (a prefetch): the screen asks again and reports that', async () => {
    const onError = vi.fn();
    const client = createQueryClient({ onError });
    const queryFn = vi.fn(() => Promise.reject(apiError(403)));

    await client.prefetchQuery({ queryKey: ['mine'], queryFn });

    expect(queryFn).toHaveBeenCalledOnce();
    expect(client.getQueryState(['mine'])?.status).toBe('error');
    expect(onError).not.toHaveBeenCalled();
  });
});
