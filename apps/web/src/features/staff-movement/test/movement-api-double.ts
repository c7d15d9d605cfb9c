import { AppError } from '@staff-portal/shared/errors';
import { vi } from 'vitest';
import { testRuntimeConfig } from '../../../test/fixtures';

export interface DoubleRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
}

export type Handler = (request: DoubleRequest) => unknown;

const BASE = testRuntimeConfig.api.leaveApiUrl;

function match(pattern: string, path: string): Record<string, string> | null {
  const wanted = pattern.split('/');
  const got = path.split('/');
  if (wanted.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of wanted.entries()) {
    const actual = got[index] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(actual);
    else if (part !== actual) return null;
  }
  return params;
}

/**
 * A fetch double for the leave API's staff-movement endpoints: `"GET /leave/movement"` →
 * handler returning the body (200), `null` for 204, or throwing an AppError to refuse as the
 * server would. Unknown calls fail the test loudly; every call is recorded.
 */
export function stubMovementApi(routes: Record<string, Handler>) {
  const calls: DoubleRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input, 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const path = url.pathname.slice(BASE.length);
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      for (const [route, handler] of Object.entries(routes)) {
        const [routeMethod, pattern = ''] = route.split(' ');
        if (routeMethod !== method || !url.pathname.startsWith(BASE)) continue;
        const params = match(pattern, path);
        if (params === null) continue;
        const request = { method, path, params, query: url.searchParams, body };
        calls.push(request);
        try {
          const answer = await handler(request);
          if (answer === null) return new Response(null, { status: 204 });
          return new Response(JSON.stringify(answer), {
            status: method === 'POST' ? 201 : 200,
            headers: { 'Content-Type': 'application/json' },
          });
        } catch (error) {
          if (error instanceof AppError) {
            return new Response(JSON.stringify(error.toBody()), {
              status: error.status,
              headers: { 'Content-Type': 'application/json' },
            });
          }
          throw error;
        }
      }
      throw new Error(`No double for ${method} ${url.pathname}`);
    }),
  );
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}
