import { getCurrentUser, signOut as amplifySignOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotification } from '../../components/notification-context';
import { PageSpinner } from '../../components/page-spinner';
import { SessionLostContext } from '../../lib/api-client';
import { SignInWidget } from './lazy-sign-in-widget';
import { SignedInSession } from './signed-in-session';

/** Whether the gate is still asking Amplify for a kept session, lets the user in, or asks them to sign in. */
type Entry = 'checking' | 'signed-in' | 'signed-out';

/**
 * Seed §2 "Gate": unauthenticated visitors see only the sign-in widget (sign-in-widget.tsx);
 * once signed in, the main application (`children`) receives the user and sign-out through
 * AuthContext. With a session kept from an earlier visit the application is shown without the
 * widget's code ever loading (decision record 0061): Amplify's own session check decides, as the
 * widget's would.
 */
export function Gate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { notify } = useNotification();
  const [entry, setEntry] = useState<Entry>('checking');

  // Set when Amplify reports a sign-in, so the session that follows logs it (docs/product/specification.md §4) — but
  // not a session restored on reload, which is no sign-in.
  const freshSignIn = useRef(false);
  // A revoked session typically fails several calls at once; one warning and one sign-out.
  const ending = useRef(false);

  const sessionLost = useCallback(() => {
    if (ending.current) return;
    ending.current = true;
    notify({ message: t('sessionExpired'), severity: 'warning' });
    // Amplify's sign-out clears what is left of the session and the gate returns to sign in.
    void amplifySignOut();
  }, [notify, t]);

  // Once: a kept session (Amplify reads its tokens, refreshing them if they have expired), or none.
  useEffect(() => {
    let active = true;
    const decide = (found: Entry) => {
      if (active) setEntry((current) => (current === 'checking' ? found : current));
    };
    getCurrentUser().then(
      () => decide('signed-in'),
      () => decide('signed-out'),
    );
    return () => {
      active = false;
    };
  }, []);

  useEffect(
    () =>
      Hub.listen('auth', ({ payload }) => {
        if (payload.event === 'signedIn') {
          freshSignIn.current = true;
          ending.current = false;
        }
        if (payload.event === 'signedOut') setEntry('signed-out');
        // A refresh the service refused (docs/product/specification.md §4: "Token refresh failure signs the user out").
        // One that failed for want of a network keeps the tokens, and the user, signed in.
        if (payload.event === 'tokenRefresh_failure' && payload.data?.error?.name !== 'NetworkError') {
          sessionLost();
        }
      }),
    [sessionLost],
  );

  const enter = useCallback(() => setEntry('signed-in'), []);
  const signedIn = useMemo(() => <SignedInSession freshSignIn={freshSignIn}>{children}</SignedInSession>, [children]);
  const spinner = <PageSpinner label={t('loading')} />;

  return (
    <SessionLostContext value={sessionLost}>
      {entry === 'signed-in' ? (
        signedIn
      ) : entry === 'signed-out' ? (
        <Suspense fallback={spinner}>
          <SignInWidget onSignedIn={enter} />
        </Suspense>
      ) : (
        spinner
      )}
    </SessionLostContext>
  );
}
