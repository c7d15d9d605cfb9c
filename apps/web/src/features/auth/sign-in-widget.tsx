import '@aws-amplify/ui-react/styles.css';
import './gate.css';
import { Alert, Authenticator, Button, Flex, useAuthenticator, View } from '@aws-amplify/ui-react';
import { confirmResetPassword, type ConfirmResetPasswordInput } from 'aws-amplify/auth';
import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo';
import { common } from '../../locales/en/common';
import { changeLanguage, LANGUAGES } from '../../lib/i18n';
import { translateFixedTexts } from './amplify-fixed-texts';

// The sign-in widget: Amplify UI's Authenticator, its styles and its state machine, in a chunk of
// their own that only a visitor without a session loads (the gate, decision record 0061).

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

/** Whether the password reset just completed: the sign-in form that follows says so. */
const PasswordChanged = createContext(false);

/** Over the sign-in form, right after a password reset: it worked, and what to do now. */
function SignInHeader() {
  const { t } = useTranslation('gate');
  const changed = useContext(PasswordChanged);
  if (!changed) return null;
  return (
    <View padding="var(--amplify-components-authenticator-form-padding)" paddingBottom="0">
      <Alert variation="success" hasIcon>
        {t('passwordChanged')}
      </Alert>
    </View>
  );
}

const components = { Header: GateHeader, Footer: GateFooter, SignIn: { Header: SignInHeader } };

// The name an authenticator app lists the account under, instead of Amplify's "AWSCognito".
const formFields = { setupTotp: { QR: { totpIssuer: common.appName } } };

/**
 * The widget in the app's language. Amplify UI works out a step's labels and placeholders once,
 * when the step first renders, so a language chosen under the widget would reach only its
 * buttons: the widget is rendered afresh for each language. Its state (the step, a challenge
 * under way) lives in the provider around it and is kept.
 */
function WidgetInAppLanguage({ onSignedIn }: { onSignedIn: () => void }) {
  const { i18n } = useTranslation();
  const { route } = useAuthenticator(({ route }) => [route]);
  const widget = useRef<HTMLDivElement>(null);
  // Amplify returns to the sign-in form after a reset (docs/product/specification.md §4.6) without a
  // word: the form says the password was changed, until the person moves on from it.
  const [passwordChanged, setPasswordChanged] = useState(false);
  const [shownRoute, setShownRoute] = useState(route);
  if (route !== shownRoute) {
    setShownRoute(route);
    if (route !== 'signIn') setPasswordChanged(false);
  }
  const services = useMemo(() => {
    const confirmAndSay = async (input: ConfirmResetPasswordInput) => {
      await confirmResetPassword(input);
      setPasswordChanged(true);
    };
    // Typed as Amplify's own function, whose other overload only a server-side caller uses.
    return { handleForgotPasswordSubmit: confirmAndSay as typeof confirmResetPassword };
  }, []);
  // Signed in, and past the steps that follow a sign-in (a new password, a contact to verify).
  useEffect(() => {
    if (route === 'authenticated') onSignedIn();
  }, [route, onSignedIn]);
  useEffect(() => {
    if (widget.current === null) return undefined;
    return translateFixedTexts(widget.current);
  }, [i18n.language]);

  // The wrapper only marks where the widget is, for translateFixedTexts; it takes no part in the layout.
  return (
    <div ref={widget} style={{ display: 'contents' }}>
      <PasswordChanged.Provider value={passwordChanged}>
        <Authenticator
          key={i18n.language}
          hideSignUp
          components={components}
          formFields={formFields}
          services={services}
        >
          {() => <></>}
        </Authenticator>
      </PasswordChanged.Provider>
    </div>
  );
}

/**
 * Seed §2 "Gate", for a visitor: only the sign-in widget, with the logo centred above it. Sign-up
 * is hidden (accounts are created by administrators) and no federated provider is configured,
 * so the widget shows none. `onSignedIn` once the user is in.
 */
export function SignInWidget({ onSignedIn }: { onSignedIn: () => void }) {
  return (
    <Authenticator.Provider>
      <WidgetInAppLanguage onSignedIn={onSignedIn} />
    </Authenticator.Provider>
  );
}
