import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { accessControl as enAccessControl } from '../locales/en/access-control';
import { account as enAccount } from '../locales/en/account';
import { common as enCommon } from '../locales/en/common';
import { errors as enErrors } from '../locales/en/errors';
import { gate as enGate } from '../locales/en/gate';
import { home as enHome } from '../locales/en/home';
import { itAdmin as enItAdmin } from '../locales/en/it-admin';
import { leave as enLeave } from '../locales/en/leave';
import { leaveAdmin as enLeaveAdmin } from '../locales/en/leave-admin';
import { shell as enShell } from '../locales/en/shell';
import { staffMovement as enStaffMovement } from '../locales/en/staff-movement';
import { accessControl as msAccessControl } from '../locales/ms/access-control';
import { account as msAccount } from '../locales/ms/account';
import { common as msCommon } from '../locales/ms/common';
import { errors as msErrors } from '../locales/ms/errors';
import { gate as msGate } from '../locales/ms/gate';
import { home as msHome } from '../locales/ms/home';
import { itAdmin as msItAdmin } from '../locales/ms/it-admin';
import { leave as msLeave } from '../locales/ms/leave';
import { leaveAdmin as msLeaveAdmin } from '../locales/ms/leave-admin';
import { shell as msShell } from '../locales/ms/shell';
import { staffMovement as msStaffMovement } from '../locales/ms/staff-movement';

/**
 * English and Bahasa Malaysia (docs/product/leave.md §16). One namespace per area: `common` for
 * texts every screen shares, `errors` for why a field was refused (lib/error-text.ts), `shell` for
 * the layout and status pages, `account` for profile and change password, `leave` for the
 * E-Leave screens and the shared/HR hubs, `gate` for our texts around the sign-in widget (the
 * widget's own texts go through Amplify's I18n, see features/auth), `accessControl` for the
 * Access Control page, `itAdmin` for the IT Admin page. Each language file is typed by the
 * English one, so a missing translation fails the type check.
 */
export const resources = {
  en: {
    common: enCommon,
    errors: enErrors,
    shell: enShell,
    account: enAccount,
    gate: enGate,
    home: enHome,
    leave: enLeave,
    leaveAdmin: enLeaveAdmin,
    staffMovement: enStaffMovement,
    accessControl: enAccessControl,
    itAdmin: enItAdmin,
  },
  ms: {
    common: msCommon,
    errors: msErrors,
    shell: msShell,
    account: msAccount,
    gate: msGate,
    home: msHome,
    leave: msLeave,
    leaveAdmin: msLeaveAdmin,
    staffMovement: msStaffMovement,
    accessControl: msAccessControl,
    itAdmin: msItAdmin,
  },
} as const;

export type Language = keyof typeof resources;
export const LANGUAGES: readonly Language[] = ['en', 'ms'];
export const DEFAULT_LANGUAGE: Language = 'en';
const STORAGE_KEY = 'staff-portal.language';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['en'];
  }
}

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The language chosen on this browser, else English. */
export function storedLanguage(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function rememberLanguage(language: Language): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, language);
  } catch {
    // Private browsing without storage: the choice lasts until the page is reloaded.
  }
}

/** Initialised once, synchronously (resources are bundled), before the first render. */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'common',
  ns: [
    'common',
    'errors',
    'shell',
    'account',
    'gate',
    'home',
    'leave',
    'leaveAdmin',
    'staffMovement',
    'accessControl',
    'itAdmin',
  ],
  interpolation: { escapeValue: false },
  initAsync: false,
});
// The page's language follows a remembered choice from the first render, so screen readers
// read Bahasa Malaysia as such after a reload too (index.html says "en").
if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

/** Switches the language of every screen and remembers it on this browser. */
export async function changeLanguage(language: Language): Promise<void> {
  rememberLanguage(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}
