import '@aws-amplify/ui-react/styles.css';
import './gate.css';
import { Authenticator, Button, Flex, useAuthenticator, View } from '@aws-amplify/ui-react';
import { signOut as amplifySignOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo';
import { useNotification } from '../../components/notification-context';
import { SessionLostContext } from '../../lib/api-client';
import { common } from '../../locales/en/common';
import { changeLanguage, LANGUAGES } from '../../lib/i18n';
import { translateFixedTexts } from './amplify-language';
import { SignedInSession } from './signed-in-session';

function GateHeader() {
  return (
    <View as="header" padding="2rem 0 1.5rem">
      <Flex justifyContent="center">
        <Logo size={96} />
      </Flex>
    </View>
  );
}

/** A small switch under the widget; the profile page has the main one (docs/product/leave.md). */
function GateFooter() {
  const { t, i18n } = useTranslation('gate');
  return (
    <View as="nav" aria-label={t('languageSwitch')} padding="1rem 0">
      <Flex justifyContent="center" gap="0.5rem">
        {LANGUAGES.map((language) => (
          <Button
            key={language}
            variation="link"
            size="small"
            lang={language}
            aria-pressed={i18n.language === language}
            onClick={() => void changeLanguage(language)}
          >
            {t(`languageNames.${language}`)}
          </Button>
        ))}
      </Flex>
    </View>
  );
}

const components = { Header: GateHeader, Footer: GateFooter };

// The name an authenticator app lists the account under, instead of Amplify's "AWSCognito".
const formFields = { setupTotp: { QR: { totpIssuer: common.appName } } };

/**
 * The widget in the app's language. Amplify UI works out a step's labels and placeholders once,
 * when the step first renders, so a language chosen under the widget would reach only its
 * buttons: while nobody is signed in the widget is rendered afresh for each language. Its state
 * (the step, a challenge under way) lives in the provider around it and is kept. Once signed in
 * it renders the application, which must not start again when the language changes.
 */
function WidgetInAppLanguage({ children }: { children: ReactElement }) {
  const { i18n } = useTranslation();
  const { route } = useAuthenticator(({ route }) => [route]);
  const signedIn = route === 'authenticated' || route === 'signOut';
  const widget = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (signedIn || widget.current === null) return undefined;
    return translateFixedTexts(widget.current);
  }, [signedIn, i18n.language]);

  const authenticator = (
    <Authenticator
      key={signedIn ? 'signed-in' : i18n.language}
      hideSignUp
      components={components}
      formFields={formFields}
    >
      {() => children}
    </Authenticator>
  );
  // The wrapper only marks where the widget is, for translateFixedTexts; it takes no part in the layout.
  return signedIn ? (
    authenticator
  ) : (
    <div ref={widget} style={{ display: 'contents' }}>
      {authenticator}
    </div>
  );
}

/**
 * Seed §2 "Gate": unauthenticated visitors see only the sign-in widget with the logo centred
 * above it; once signed in, the main application (`children`) receives the user and sign-out
 * through AuthContext. Sign-up is hidden (accounts are created by administrators) and no
 * federated provider is configured, so the widget shows none.
 */
export function Gate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { notify } = useNotification();

  // Set when Amplify reports a sign-in, so the session that follows logs it (docs/product/specification.md §4) — but
  // not a session restored on reload, which is no sign-in.
  const freshSignIn = useRef(false);
  // A revoked session typically fails several calls at once; one warning and one sign-out.
  const ending = useRef(false);

  const sessionLost = useCallback(() => {
    if (ending.current) return;
    ending.current = true;
    notify({ message: t('sessionExpired'), severity: 'warning' });
    // Amplify's sign-out clears what is left of the session and the widget returns to sign in.
    void amplifySignOut();
  }, [notify, t]);

  useEffect(
    () =>
      Hub.listen('auth', ({ payload }) => {
        if (payload.event === 'signedIn') {
          freshSignIn.current = true;
          ending.current = false;
        }
        // A refresh the service refused (docs/product/specification.md §4: "Token refresh failure signs the user out").
        // One that failed for want of a network keeps the tokens, and the user, signed in.
        if (payload.event === 'tokenRefresh_failure' && payload.data?.error?.name !== 'NetworkError') {
          sessionLost();
        }
      }),
    [sessionLost],
  );

  const signedIn = useMemo(() => <SignedInSession freshSignIn={freshSignIn}>{children}</SignedInSession>, [children]);

  return (
    <SessionLostContext value={sessionLost}>
      <Authenticator.Provider>
        <WidgetInAppLanguage>{signedIn}</WidgetInAppLanguage>
      </Authenticator.Provider>
    </SessionLostContext>
  );
}
