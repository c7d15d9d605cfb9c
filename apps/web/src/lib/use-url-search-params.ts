import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Location, NavigateOptions } from 'react-router';

/**
 * The search this app last asked the router for, and the location on screen when it asked. The
 * router renders a navigation in a React transition, which a keystroke or click may interrupt:
 * until the new location is on screen, the next change must start from what was asked, not from
 * what is shown. Module-wide, so two components over one address (a page and its list) see each
 * other's changes.
 */
let asked: { shown: Location; search: string } | null = null;

/**
 * The URL's search parameters after a change: given outright (a tab that starts afresh), or as a
 * function of the ones in the address or on their way there.
 */
export type SearchParamsUpdate = Record<string, string> | ((latest: URLSearchParams) => URLSearchParams);

/**
 * `useSearchParams` for pages whose filters, tabs and paging live in the URL. Reading is the
 * same; a change is always a function of the latest parameters. React Router's own setter hands
 * the function the parameters of the last render, so a second change made before the first one
 * rendered undid it: a department picked and then a name typed, on a busy machine, searched every
 * department (docs/product/qualities.md §2, a list shows what its filters say).
 */
export function useUrlSearchParams(): [
  URLSearchParams,
  (update: SearchParamsUpdate, options?: NavigateOptions) => void,
] {
  const location = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (update: SearchParamsUpdate, options?: NavigateOptions) => {
      const latest = asked !== null && asked.shown === location ? asked.search : location.search;
      const next = typeof update === 'function' ? update(new URLSearchParams(latest)) : new URLSearchParams(update);
      const search = `?${next.toString()}`;
      asked = { shown: location, search };
      void navigate(search, options);
    },
    [location, navigate],
  );
  return [params, setParams];
}
