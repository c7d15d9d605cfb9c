import { AppError } from '@staff-portal/shared/errors';
import { act, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, testRuntimeConfig } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { AppProvider } from '../app/provider';
import { createApiClient, NETWORK_ERROR_CODE, READ_TIMEOUT_MS, useApiClient } from './api-client';
import type { ApiClients } from './api-client';

type FetchMock = ReturnType<typeof vi.fn<(input: string, init: RequestInit) => Promise<Response>>>;

const fakeFetch = (response: Response | Error | DOMException): FetchMock =>
  vi.fn<(input: string, init: RequestInit) => Promise<Response>>(() =>
    response instanceof Response ? Promise.resolve(response) : Promise.reject(response),
  );

const sentHeaders = (fetchMock: FetchMock, call = 0) => new Headers(fetchMock.mock.calls[call]?.[1].headers);

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('createApiClient', () => {
  it('GETs JSON from the base URL plus the path, without a token when there is none', async () => {
    const fetchMock = fakeFetch(jsonResponse({ items: [1, 2] }));
    const client = createApiClient({ baseUrl: '/api/', fetch: fetchMock });

    await expect(client.get<{ items: number[] }>('/leave-types')).resolves.toEqual({ items: [1, 2] });

    expect(fetchMock).toHaveBeenCalledOnce();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/leave-types');
    expect(fetchMock.mock.calls[0]?.[1].method).toBe('GET');
    expect(sentHeaders(fetchMock).get('Accept')).toBe('application/json');
    expect(sentHeaders(fetchMock).has('Authorization')).toBe(false);
  });

  it('sends the token as a Bearer Authorization header', async () => {
    const fetchMock = fakeFetch(jsonResponse({}));
    const client = createApiClient({ getToken: () => Promise.resolve('id.token.value'), fetch: fetchMock });

    await client.get('/api/me');

    expect(sentHeaders(fetchMock).get('Authorization')).toBe('Bearer id.token.value');
  });

  it('sends a JSON body with POST, PUT, PATCH and DELETE', async () => {
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      const fetchMock = fakeFetch(jsonResponse({ ok: true }));
      const client = createApiClient({ baseUrl: '/api', fetch: fetchMock });

      await expect(client[method]('/log/', { action: 'Logout' })).resolves.toEqual({ ok: true });

      const init = fetchMock.mock.calls[0]?.[1];
      expect(init?.method).toBe(method.toUpperCase());
      expect(init?.body).toBe('{"action":"Logout"}');
      expect(sentHeaders(fetchMock).get('Content-Type')).toBe('application/json');
    }
  });

  it('passes FormData through so the browser sets the multipart boundary', async () => {
    const fetchMock = fakeFetch(jsonResponse({ id: 'a1' }));
    const client = createApiClient({ fetch: fetchMock });
    const form = new FormData();
    form.append('file', new Blob(['%PDF']), 'mc.pdf');

    await client.post('/api/attachments', form);

    expect(fetchMock.mock.calls[0]?.[1].body).toBe(form);
    expect(sentHeaders(fetchMock).has('Content-Type')).toBe(false);
  });

  it('resolves to undefined for an empty answer', async () => {
    const client = createApiClient({ fetch: fakeFetch(new Response(null, { status: 204 })) });
    await expect(client.delete('/api/leave-requests/1')).resolves.toBeUndefined();
  });

  it("maps an error body to an AppError with the API's code, message, status and field", async () => {
    const onError = vi.fn();
    const body = { code: 'VALIDATION_ERROR', message: 'Start date is required.', field: 'startDate' };
    const client = createApiClient({ fetch: fakeFetch(jsonResponse(body, 400)), onError });

    const error = await rejection(client.post('/api/leave-requests', {}));

    expect(error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Start date is required.',
      status: 400,
      field: 'startDate',
    });
    expect(onError).toHaveBeenCalledExactlyOnceWith(error);
  });

  it('maps a 403 answer keeping its status', async () => {
    const body = { code: 'FORBIDDEN', message: 'You do not have permission to do this.' };
    const client = createApiClient({ fetch: fakeFetch(jsonResponse(body, 403)) });

    const error = await rejection(client.get('/api/access-control/users'));

    expect(error).toMatchObject({ code: 'FORBIDDEN', status: 403, field: undefined });
  });

  it('turns an error answer that is not our JSON body into "An unknown error has occurred."', async () => {
    const onError = vi.fn();
    const html = new Response('<html><body>Bad Gateway</body></html>', { status: 502 });
    const client = createApiClient({ fetch: fakeFetch(html), onError });

    const error = await rejection(client.get('/api/members'));

    expect(error).toMatchObject({ code: 'INTERNAL_ERROR', message: 'An unknown error has occurred.', status: 502 });
    expect(onError).toHaveBeenCalledOnce();
  });

  it('refuses a successful answer that is not JSON (e.g. the SPA fallback page)', async () => {
    const client = createApiClient({ fetch: fakeFetch(new Response('<!doctype html>', { status: 200 })) });

    const error = await rejection(client.get('/api/typo'));

    expect(error).toMatchObject({ code: 'INTERNAL_ERROR', message: 'An unknown error has occurred.', status: 200 });
  });

  it('turns a network failure into "Network error"', async () => {
    const onError = vi.fn();
    const client = createApiClient({ fetch: fakeFetch(new TypeError('Failed to fetch')), onError });

    const error = await rejection(client.get('/api/leave-types'));

    expect(error).toMatchObject({ code: NETWORK_ERROR_CODE, message: 'Network error', status: 0 });
    expect(onError).toHaveBeenCalledExactlyOnceWith(error);
  });

  /** A server that never answers: the call ends only when its signal is aborted. */
  const unanswered = vi.fn<(input: string, init: RequestInit) => Promise<Response>>(
    (_input, init) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      ),
  );

  it('gives up on a read the server does not answer in time, as a network error that is tried again', async () => {
    vi.useFakeTimers();
    try {
      const onError = vi.fn();
      const client = createApiClient({ fetch: unanswered, onError });
      const pending = rejection(client.get('/api/leave-types'));
      await vi.advanceTimersByTimeAsync(READ_TIMEOUT_MS - 1);
      expect(onError).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      const error = await pending;
      // Status 0, as a lost connection: retried (lib/query-client.ts).
      expect(error).toMatchObject({
        code: NETWORK_ERROR_CODE,
        message: 'The server did not answer in time.',
        status: 0,
      });
      expect(onError).toHaveBeenCalledExactlyOnceWith(error);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits on a write as long as it takes unless told otherwise, and a call may set its own limit', async () => {
    vi.useFakeTimers();
    try {
      const client = createApiClient({ fetch: unanswered });
      let settled = false;
      void client.post('/api/leave/requests', {}).finally(() => (settled = true));
      await vi.advanceTimersByTimeAsync(10 * READ_TIMEOUT_MS);
      expect(settled).toBe(false);

      const limited = rejection(client.post('/api/leave/requests', {}, { timeoutMs: 500 }));
      await vi.advanceTimersByTimeAsync(500);
      expect(await limited).toMatchObject({ code: NETWORK_ERROR_CODE, status: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not report a call its caller cancelled', async () => {
    const onError = vi.fn();
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    const client = createApiClient({ fetch: fakeFetch(abort), onError });

    await expect(client.get('/api/leave-types', { signal: controller.signal })).rejects.toBe(abort);
    expect(onError).not.toHaveBeenCalled();
  });

  it('reports a token provider failure as unauthenticated, without calling the API', async () => {
    const fetchMock = fakeFetch(jsonResponse({}));
    const client = createApiClient({ getToken: () => Promise.reject(new Error('refresh failed')), fetch: fetchMock });

    const error = await rejection(client.get('/api/me'));

    expect(error).toMatchObject({
      code: 'UNAUTHENTICATED',
      status: 401,
      message: 'User needs to be authenticated to call this API.',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('a token refused as out of date', () => {
  const refused = () => jsonResponse({ code: 'UNAUTHENTICATED', message: 'Your access has changed.' }, 401);
  /** The API answers each call with the next response; the token provider counts its forced refreshes. */
  function setUp(...responses: Response[]) {
    const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
    for (const response of responses) fetchMock.mockResolvedValueOnce(response);
    const getToken = vi.fn((options?: { forceRefresh?: boolean }) =>
      Promise.resolve(options?.forceRefresh === true ? 'new.token' : 'old.token'),
    );
    const onError = vi.fn();
    return { fetchMock, getToken, onError, client: createApiClient({ getToken, fetch: fetchMock, onError }) };
  }

  it('is refreshed once and the call sent again with the new token', async () => {
    const { fetchMock, getToken, onError, client } = setUp(refused(), jsonResponse({ ok: true }));

    await expect(client.post('/api/leave/requests', { reason: 'x' })).resolves.toEqual({ ok: true });

    expect(getToken.mock.calls).toEqual([[undefined], [{ forceRefresh: true }]]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sentHeaders(fetchMock, 0).get('Authorization')).toBe('Bearer old.token');
    expect(sentHeaders(fetchMock, 1).get('Authorization')).toBe('Bearer new.token');
    expect(fetchMock.mock.calls[1]?.[1].body).toBe('{"reason":"x"}');
    expect(onError).not.toHaveBeenCalled();
  });

  it('ends as unauthenticated when the new token is refused too, without a third try', async () => {
    const { fetchMock, onError, client } = setUp(refused(), refused());

    const error = await rejection(client.get('/api/me'));

    expect(error.status).toBe(401);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledOnce();
  });

  it('ends as unauthenticated when the refresh fails, without sending the call again', async () => {
    const fetchMock = fakeFetch(refused());
    const onError = vi.fn();
    const client = createApiClient({
      getToken: (options) =>
        options?.forceRefresh === true
          ? Promise.reject(new Error('refresh token revoked'))
          : Promise.resolve('old.token'),
      fetch: fetchMock,
      onError,
    });

    const error = await rejection(client.get('/api/me'));

    expect(error).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(onError).toHaveBeenCalledOnce();
  });

  it('is not refreshed when no token was sent, nor for a refusal that is not a 401', async () => {
    const anonymous = createApiClient({ fetch: fakeFetch(refused()) });
    expect((await rejection(anonymous.get('/api/me'))).status).toBe(401);

    const forbidden = setUp(jsonResponse({ code: 'FORBIDDEN', message: 'No.' }, 403));
    expect((await rejection(forbidden.client.get('/api/it-admin/status'))).status).toBe(403);
    expect(forbidden.getToken).toHaveBeenCalledOnce();
    expect(forbidden.fetchMock).toHaveBeenCalledOnce();
  });
});

describe('useApiClient', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('binds one client per backend to the base URLs of the runtime config', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(jsonResponse({})));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useApiClient(), {
      wrapper: ({ children }) => <AppProvider config={testRuntimeConfig}>{children}</AppProvider>,
    });

    await result.current.log.post('/log/', {});
    await result.current.leave.get('/leave-types');
    await result.current.ir.get('/members');

    expect(fetchMock.mock.calls.map((call: unknown[]) => call[0])).toEqual([
      '/log-api/log/',
      '/leave-api/leave-types',
      '/ir-api/members',
    ]);
  });

  it('uses the token provider given to AppProvider', async () => {
    const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>(() =>
      Promise.resolve(jsonResponse({})),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useApiClient(), {
      wrapper: ({ children }) => (
        <AppProvider config={testRuntimeConfig} getToken={() => Promise.resolve('access-token')}>
          {children}
        </AppProvider>
      ),
    });

    await result.current.leave.get('/leave-types');

    expect(new Headers(fetchMock.mock.calls[0]?.[1].headers).get('Authorization')).toBe('Bearer access-token');
  });

  it('shows every API error in an error notification', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(jsonResponse({ code: 'CONFLICT', message: 'This request was already decided.' }, 409)),
    );
    let clients: ApiClients | undefined;
    function Probe() {
      clients = useApiClient();
      return null;
    }
    renderWithProviders(<Probe />);

    await act(async () => {
      await clients?.leave.post('/leave-requests/1/approve').catch(() => undefined);
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This request was already decided.');
  });
});
