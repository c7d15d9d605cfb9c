import { AppError, isAppError, unauthenticated } from '@staff-portal/shared/errors';
import { createContext, useCallback, useContext, useMemo } from 'react';
import { useNotification } from '../components/notification-context';
import { i18n } from './i18n';
import { reportError } from './report-error';
import { useRuntimeConfig } from './runtime-config';

/**
 * Returns the bearer token for the next call, or undefined when nobody is signed in. With
 * `forceRefresh`, a new one from the identity provider (its refresh token), carrying the account's
 * departments as they are now.
 */
export type TokenProvider = (options?: { forceRefresh?: boolean }) => Promise<string | undefined>;

/** Code of the AppError for a call that never got an HTTP answer; its status is 0. */
export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  /** Prepended to every path, e.g. `/api`. Empty: paths are full URLs. */
  baseUrl?: string;
  getToken?: TokenProvider;
  /** Called with every AppError before it is thrown (the web app shows it; docs/product/specification.md §8). */
  onError?: (error: AppError) => void;
  /** For tests; defaults to the global fetch. */
  fetch?: FetchLike;
}

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: HeadersInit;
  /** How long a try may wait for the whole answer; by default READ_TIMEOUT_MS for a GET, none for a write. */
  timeoutMs?: number;
}

/**
 * A read the server has not answered in this time has failed, as a network error is, and is tried
 * again (docs/product/specification.md §8): a list never waits on a lost request with the rows of
 * an earlier filter on screen. A write has no default limit: one that timed out may still have
 * been done, and is not tried again (decision record 0089).
 */
export const READ_TIMEOUT_MS = 15_000;

/**
 * JSON over fetch. Every failure is an AppError: the API's own `{code, message, field?}` body,
 * "An unknown error has occurred." for an answer that is not such a body, "Network error" when
 * no answer came. The type parameter is the caller's claim about the body, not a check: callers
 * that must trust the shape parse it with the shared zod schema.
 */
export interface ApiClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
}

/** The token provider until sign-in supplies one: calls go out without a token. */
export const withoutToken: TokenProvider = () => Promise.resolve(undefined);

export function joinUrl(baseUrl: string, path: string): string {
  if (baseUrl === '') return path;
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** A path with the query parameters that have a value; empty ones are left out. */
export function withQuery(path: string, query: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
}

// FormData, files and URL-encoded forms carry their own Content-Type (multipart boundary).
const isRawBody = (body: unknown): body is BodyInit =>
  body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams || body instanceof ArrayBuffer;

const NOT_JSON = Symbol('not JSON');

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const getToken = options.getToken ?? withoutToken;
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));

  const fail = (error: AppError): AppError => {
    options.onError?.(error);
    return error;
  };

  async function request<T>(
    method: string,
    path: string,
    body: unknown,
    requestOptions: RequestOptions = {},
  ): Promise<T> {
    const headers = new Headers(requestOptions.headers);
    headers.set('Accept', 'application/json');

    const authorise = async (forceRefresh: boolean) => {
      let token: string | undefined;
      try {
        token = await getToken(forceRefresh ? { forceRefresh } : undefined);
      } catch (error) {
        // A refresh that failed means the session is gone: the gate signs out (SessionLostContext).
        throw fail(isAppError(error) ? error : unauthenticated());
      }
      if (token !== undefined && token !== '') headers.set('Authorization', `Bearer ${token}`);
      return token !== undefined && token !== '';
    };
    const sentToken = await authorise(false);

    let payload: BodyInit | undefined;
    if (body !== undefined) {
      if (isRawBody(body)) {
        payload = body;
      } else {
        headers.set('Content-Type', 'application/json');
        payload = JSON.stringify(body);
      }
    }

    const init: RequestInit = { method, headers };
    if (payload !== undefined) init.body = payload;
    const timeoutMs = requestOptions.timeoutMs ?? (method === 'GET' ? READ_TIMEOUT_MS : undefined);

    const send = async () => {
      // The caller's cancel and this try's time limit, as one signal.
      const controller = new AbortController();
      const cancel = () => controller.abort();
      const caller = requestOptions.signal;
      if (caller?.aborted === true) cancel();
      caller?.addEventListener('abort', cancel, { once: true });
      let timedOut = false;
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => {
              timedOut = true;
              cancel();
            }, timeoutMs);
      try {
        // Each try with its own copy of the headers: a retry carries the new token.
        const response = await fetchImpl(joinUrl(baseUrl, path), {
          ...init,
          headers: new Headers(headers),
          signal: controller.signal,
        });
        return { status: response.status, text: await response.text() };
      } catch (error) {
        // A cancelled call (TanStack Query cancels superseded queries) is not a failure to show.
        if (caller?.aborted === true) throw error;
        throw fail(new AppError(NETWORK_ERROR_CODE, i18n.t(timedOut ? 'timeoutError' : 'networkError'), { status: 0 }));
      } finally {
        clearTimeout(timer);
        caller?.removeEventListener('abort', cancel);
      }
    };
    let { status, text } = await send();
    // A token refused as unauthenticated may only be out of date: the account's departments
    // changed since it was issued, and the server now refuses tokens that old (decision record
    // 0041). One new token from the refresh token, and the call once more: nothing was done the
    // first time (the server refuses before any route runs). A refresh token that was revoked too
    // (a disabled account, "sign out everywhere") fails the refresh, and the session ends.
    if (status === 401 && sentToken) {
      await authorise(true);
      ({ status, text } = await send());
    }

    const json = parseJson(text);
    if (status < 200 || status > 299) {
      throw fail(AppError.fromBody(json, status));
    }
    if (json === NOT_JSON) {
      // Typically the SPA's index.html answering a path that no API route serves.
      throw fail(new AppError('INTERNAL_ERROR', i18n.t('unknownError'), { status }));
    }
    return json as T;
  }

  return {
    get: (path, requestOptions) => request('GET', path, undefined, requestOptions),
    post: (path, body, requestOptions) => request('POST', path, body, requestOptions),
    put: (path, body, requestOptions) => request('PUT', path, body, requestOptions),
    patch: (path, body, requestOptions) => request('PATCH', path, body, requestOptions),
    delete: (path, body, requestOptions) => request('DELETE', path, body, requestOptions),
  };
}

/**
 * The seam where sign-in plugs in: the app provides Amplify's current id token here (via
 * `<BaseProvider getToken={currentIdToken}>`, decision record 0012). Without a provider, calls go
 * out without a token and the API answers 401.
 */
export const TokenProviderContext = createContext<TokenProvider>(withoutToken);

/**
 * Called instead of showing the error when a call is refused as unauthenticated (401) or no
 * token could be had: the session was revoked or could not be refreshed. The gate provides it
 * (docs/product/specification.md §8: warn "Your session has expired…" and sign out); without it the error is shown.
 */
export const SessionLostContext = createContext<(() => void) | undefined>(undefined);

/** One client per backend of docs/product/specification.md §7, each on its base address from the runtime config. */
export interface ApiClients {
  log: ApiClient;
  leave: ApiClient;
  ir: ApiClient;
}

/** One client per backend, each reporting its failures to `onError`. */
function useClients(onError: (error: AppError) => void): ApiClients {
  const { api } = useRuntimeConfig();
  const getToken = useContext(TokenProviderContext);
  return useMemo(() => {
    const clientFor = (baseUrl: string) => createApiClient({ baseUrl, getToken, onError });
    return { log: clientFor(api.logApiUrl), leave: clientFor(api.leaveApiUrl), ir: clientFor(api.irApiUrl) };
  }, [api.logApiUrl, api.leaveApiUrl, api.irApiUrl, getToken, onError]);
}

/** API clients that show every error in the notification, as the seed does. */
export function useApiClient(): ApiClients {
  const { notify } = useNotification();
  const onSessionLost = useContext(SessionLostContext);
  const onError = useCallback(
    (error: AppError) => {
      if (error.status === 401 && onSessionLost !== undefined) onSessionLost();
      else reportError(error, notify);
    },
    [notify, onSessionLost],
  );
  return useClients(onError);
}

/**
 * API clients that leave failures out of the notification, for calls whose answer the screen
 * shows in place (the live preview's broken rule at its field, a bulk approval's summary, an
 * optional list that may be unavailable). A refused session still goes to the gate.
 */
export function useQuietApiClient(): ApiClients {
  const onSessionLost = useContext(SessionLostContext);
  const onError = useCallback(
    (error: AppError) => {
      if (error.status === 401) onSessionLost?.();
    },
    [onSessionLost],
  );
  return useClients(onError);
}
