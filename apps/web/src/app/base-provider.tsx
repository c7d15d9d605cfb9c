import type { RuntimeConfig } from '@staff-portal/shared/runtime-config';
import type { ReactNode } from 'react';
import { NotificationProvider } from '../components/notification-provider';
import { TokenProviderContext, withoutToken } from '../lib/api-client';
import type { TokenProvider } from '../lib/api-client';
import { RuntimeConfigContext } from '../lib/runtime-config';

export interface BaseProviderProps {
  config: RuntimeConfig;
  /**
   * Where API calls get their bearer token. Omitted: no token is sent. The app passes Amplify's
   * session token here; keep the function stable (module level or useCallback), as the API
   * clients are rebuilt when it changes.
   */
  getToken?: TokenProvider;
  children: ReactNode;
}

/**
 * What the sign-in page and the signed-in app both need: the runtime config, the token for API
 * calls and notifications. No MUI and no query client here: the sign-in page loads only this
 * (docs/product/qualities.md); the signed-in app adds its theme and queries (`SignedInApp`).
 */
export function BaseProvider({ config, getToken = withoutToken, children }: BaseProviderProps) {
  return (
    <RuntimeConfigContext value={config}>
      <TokenProviderContext value={getToken}>
        <NotificationProvider>{children}</NotificationProvider>
      </TokenProviderContext>
    </RuntimeConfigContext>
  );
}
