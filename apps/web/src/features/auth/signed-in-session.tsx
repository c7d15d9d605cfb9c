import type { SignedInUser } from '@staff-portal/shared/signed-in-user';
import { signedInUserFromClaims } from '@staff-portal/shared/signed-in-user';
import { fetchAuthSession, signOut as amplifySignOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import { SessionLostContext, useApiClient } from '../../lib/api-client';
import { useRuntimeConfig } from '../../lib/runtime-config';
import { AuthContext } from '../../lib/auth-context';
import type { AuthContextValue } from '../../lib/auth-context';
import { sessionLogEntry } from './log-entry';

/**
 * The signed-in user of docs/product/specification.md §3 from the current ID token's claims; null when there is no
 * session (the refresh was refused). `forceRefresh` fetches fresh tokens first, so a changed
 * attribute or group shows at once.
 */
export async function loadSignedInUser(passwordExpiryMonths: number, forceRefresh = false) {
  const { tokens } = await fetchAuthSession({ forceRefresh });
  const claims = tokens?.idToken?.payload;
  return claims === undefined ? null : signedInUserFromClaims(claims, passwordExpiryMonths);
}

interface SignedInSessionProps {
  /** Set by the gate when Amplify reports a sign-in; this session logs it once and clears it. */
  freshSignIn: RefObject<boolean>;
  children: ReactNode;
}

/**
 * Everything the main application receives from the gate (docs/product/specification.md §2: "the sign-out function and
 * the user"): the user, kept in step with the tokens, sign-out with its log entry, and the
 * Login log entry after a sign-in (docs/product/specification.md §4, §7).
 */
export function SignedInSession({ freshSignIn, children }: SignedInSessionProps) {
  const config = useRuntimeConfig();
  const months = config.auth.passwordExpiryMonths;
  const { log } = useApiClient();
  const onSessionLost = useContext(SessionLostContext);
  const [user, setUser] = useState<SignedInUser | null>(null);

  const adopt = useCallback(
    (loaded: SignedInUser | null) => {
      if (loaded === null) onSessionLost?.();
      else setUser(loaded);
      return loaded;
    },
    [onSessionLost],
  );

  useEffect(() => {
    let active = true;
    void loadSignedInUser(months).then((loaded) => {
      if (!active) return;
      adopt(loaded);
      if (loaded !== null && freshSignIn.current) {
        freshSignIn.current = false;
        // A failed entry is shown by the API client; the user is signed in all the same.
        log.post('/log/', sessionLogEntry(loaded.id, 'Login', window.location.href)).catch(() => undefined);
      }
    });
    // Amplify refreshes tokens on its own; the groups or attributes may have changed with them.
    const stopListening = Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'tokenRefresh') void loadSignedInUser(months).then((loaded) => active && adopt(loaded));
    });
    return () => {
      active = false;
      stopListening();
    };
    // Loaded once per sign-in: this component lives exactly as long as the session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const refreshUser = useCallback(async () => adopt(await loadSignedInUser(months, true)), [adopt, months]);

  const signOut = useCallback(async () => {
    // Seed §7 shows: the session is cleared, the user goes to /, then "Logout" is logged with the
    // id token. Amplify's sign-out revokes the session (RevokeToken), and the API refuses a
    // revoked session's id token, as it must; sent after the revocation the entry would never be
    // recorded. So the entry goes first, while the token is still good, stamped with the URL the
    // user lands on (/), as the seed's order gives it; then the session is cleared and the
    // user is at /. The request takes milliseconds, so what the user sees is the seed's order.
    if (user !== null) {
      const landing = new URL('/', window.location.href).href;
      await log.post('/log/', sessionLogEntry(user.id, 'Logout', landing)).catch(() => undefined);
    }
    try {
      await amplifySignOut();
    } finally {
      // The router is gone with the session; the next one starts where the user now is.
      window.history.pushState(null, '', '/');
    }
  }, [log, user]);

  const value = useMemo<AuthContextValue>(
    () => ({ user, signOut, refreshUser, superAdminUserId: config.auth.superAdminUserId }),
    [user, signOut, refreshUser, config.auth.superAdminUserId],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}
