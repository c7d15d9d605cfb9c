import { useContext, useMemo } from 'react';
import { createApiClient, SessionLostContext, TokenProviderContext } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { useRuntimeConfig } from '../../../lib/runtime-config';

/**
 * A leave API client that does not put failures in the notification: for calls whose errors
 * the screen shows in place (the live preview's broken rule at its field, a bulk approval's
 * summary). A refused session is still handed to the gate.
 */
export function useQuietLeaveClient(): ApiClient {
  const { api } = useRuntimeConfig();
  const getToken = useContext(TokenProviderContext);
  const onSessionLost = useContext(SessionLostContext);
  return useMemo(
    () =>
      createApiClient({
        baseUrl: api.leaveApiUrl,
        getToken,
        onError: (error) => {
          if (error.status === 401) onSessionLost?.();
        },
      }),
    [api.leaveApiUrl, getToken, onSessionLost],
  );
}
