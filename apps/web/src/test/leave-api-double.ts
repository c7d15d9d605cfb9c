import { AppError } from '@staff-portal/shared/errors';
import { vi } from 'vitest';
import { testRuntimeConfig } from './fixtures';

export interface DoubleRequest {
  method: string;
  /** The path under the leave API base, without the query. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body, or the FormData of a multipart body. */
  body: unknown;
}

export type Handler = (request: DoubleRequest) => unknown;

/** An answer with a status other than 200: `reply(201, body)`, or an AppError for a refusal. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}
export const reply = (status: number, body: unknown) => new Reply(status, body);
export const refuse = (error: AppError) => new Reply(error.status, error.toBody());

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
 * A fetch double for the leave API (staff movement included): `"GET /leave/types"` → handler.
 * Handlers return the body (200), null (204), a `reply(status, body)`, a whole Response, or
 * throw an AppError to answer it as the server would.
 * Unknown calls fail the test loudly. Every call is recorded for assertions.
 */
export function stubLeaveApi(routes: Record<string, Handler>) {
  const calls: DoubleRequest[] = [];
  const fetchDouble = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    if (!url.pathname.startsWith(BASE)) throw new Error(`Unexpected call ${method} ${url.pathname}`);
    const path = url.pathname.slice(BASE.length);
    let body: unknown;
    if (init?.body instanceof FormData) body = init.body;
    else if (typeof init?.body === 'string') body = JSON.parse(init.body) as unknown;
    for (const [route, handler] of Object.entries(routes)) {
      const [routeMethod, pattern = ''] = route.split(' ');
      if (routeMethod !== method) continue;
      const params = match(pattern, path);
      if (params === null) continue;
      const request: DoubleRequest = { method, path, params, query: url.searchParams, body };
      calls.push(request);
      try {
        const answer = await handler(request);
        // Bytes (an attachment) go back as the handler built them; null is an empty 204.
        if (answer instanceof Response) return answer;
        if (answer === null) return new Response(null, { status: 204 });
        const [status, payload] = answer instanceof Reply ? [answer.status, answer.body] : [200, answer];
        return new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });
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
    throw new Error(`No double for ${method} ${path}`);
  });
  vi.stubGlobal('fetch', fetchDouble);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}
