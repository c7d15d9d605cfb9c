import { runtimeConfigSchema } from '@staff-portal/shared/runtime-config';
import type { RuntimeConfig } from '@staff-portal/shared/runtime-config';
import { createContext, useContext } from 'react';

/** Served by the API server, so one web build serves every deployment (docs/product/identity.md). */
export const RUNTIME_CONFIG_URL = '/config.json';

export type RuntimeConfigResult =
  { ok: true; config: RuntimeConfig } | { ok: false; reason: string; details?: unknown };

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * Fetches and validates the runtime config. Never throws: a failure is a result, so the caller
 * can show the seed's configuration error instead of a blank page. Details go to the console
 * because the seed's message points the administrator there.
 */
export async function loadRuntimeConfig(
  fetchImpl: FetchLike = (input, init) => fetch(input, init),
): Promise<RuntimeConfigResult> {
  const fail = (reason: string, details?: unknown): RuntimeConfigResult => {
    console.error(`Configuration error: ${reason}`, ...(details === undefined ? [] : [details]));
    return details === undefined ? { ok: false, reason } : { ok: false, reason, details };
  };

  let response: Response;
  try {
    response = await fetchImpl(RUNTIME_CONFIG_URL, { headers: { Accept: 'application/json' } });
  } catch (error) {
    return fail(`could not fetch ${RUNTIME_CONFIG_URL}`, error);
  }
  if (!response.ok) {
    return fail(`${RUNTIME_CONFIG_URL} answered HTTP ${String(response.status)}`);
  }

  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    return fail(`${RUNTIME_CONFIG_URL} is not valid JSON`, error);
  }

  const parsed = runtimeConfigSchema.safeParse(body);
  if (!parsed.success) {
    return fail(`${RUNTIME_CONFIG_URL} does not have the expected shape`, parsed.error.issues);
  }

  // Seed §5: pool configuration needs a user pool id and a client id, and a user pool id
  // contains an underscore. Amplify would only fail later, at the first sign-in attempt.
  const { userPoolId, userPoolClientId } = parsed.data.auth;
  if (userPoolId.trim() === '' || userPoolClientId.trim() === '') {
    return fail('the user pool settings auth.userPoolId and auth.userPoolClientId are required', parsed.data.auth);
  }
  if (!userPoolId.includes('_')) {
    return fail(`auth.userPoolId "${userPoolId}" is not a user pool id (it has no underscore)`, parsed.data.auth);
  }

  return { ok: true, config: parsed.data };
}

export const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (config === null) {
    throw new Error('useRuntimeConfig must be used inside <AppProvider>, after the runtime config has loaded.');
  }
  return config;
}
