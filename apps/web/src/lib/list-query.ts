// The one place that keeps an earlier result as a placeholder (the ESLint rule points here).
// eslint-disable-next-line no-restricted-imports
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  DefaultError,
  InfiniteData,
  QueryKey,
  UseInfiniteQueryOptions,
  UseInfiniteQueryResult,
  UseQueryOptions,
  UseQueryResult,
} from '@tanstack/react-query';

/**
 * A list's result as the screen may show it. While the rows of a new filter, sort or page load,
 * the earlier ones stay, faded (`isPlaceholderData`), rather than a spinner each time; but once
 * asking for the new ones has failed they go, and QueryState shows the error with Try again in
 * their place. Rows of an earlier filter under a new one would be read, and acted on, as its rows
 * (docs/product/qualities.md §2).
 */
function withoutStaleRows<R extends UseQueryResult<unknown, unknown>>(result: R): R {
  if (!result.isPlaceholderData || result.failureCount === 0) return result;
  // The result of a query that has nothing yet and is still being asked (a retry, or Retry).
  const pending = {
    ...result,
    status: 'pending',
    isPending: true,
    isSuccess: false,
    isLoading: result.isFetching,
    isInitialLoading: result.isFetching,
    isRefetching: false,
    data: undefined,
    isPlaceholderData: false,
  };
  // "Load more" of an earlier filter's pages goes with them.
  if ('hasNextPage' in result) Object.assign(pending, { hasNextPage: false, hasPreviousPage: false });
  return pending as unknown as R;
}

/** `useQuery` for a list: the earlier rows stay while the next load, until that fails. */
export function useListQuery<
  TQueryFnData = unknown,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(
  options: Omit<UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>, 'placeholderData'>,
): UseQueryResult<TData, TError> {
  return withoutStaleRows(
    useQuery<TQueryFnData, TError, TData, TQueryKey>({ ...options, placeholderData: keepPreviousData }),
  );
}

/** `useInfiniteQuery` for a list read a page at a time ("Load more"): as `useListQuery`. */
export function useListInfiniteQuery<
  TQueryFnData,
  TError = DefaultError,
  TData = InfiniteData<TQueryFnData>,
  TQueryKey extends QueryKey = QueryKey,
  TPageParam = unknown,
>(
  options: Omit<UseInfiniteQueryOptions<TQueryFnData, TError, TData, TQueryKey, TPageParam>, 'placeholderData'>,
): UseInfiniteQueryResult<TData, TError> {
  return withoutStaleRows(
    useInfiniteQuery<TQueryFnData, TError, TData, TQueryKey, TPageParam>({
      ...options,
      placeholderData: keepPreviousData,
    }),
  );
}
