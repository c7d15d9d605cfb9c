import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { accessControl } from '../locales/en/access-control';
import type { account } from '../locales/en/account';
import { common as enCommon } from '../locales/en/common';
import { errors as enErrors } from '../locales/en/errors';
import { gate as enGate } from '../locales/en/gate';
import type { home } from '../locales/en/home';
import type { itAdmin } from '../locales/en/it-admin';
import type { ir } from '../locales/en/ir';
import type { leave } from '../locales/en/leave';
import type { posts } from '../locales/en/posts';
import type { irAdmin } from '../locales/en/ir-admin';
import type { leaveAdmin } from '../locales/en/leave-admin';
import { shell as enShell } from '../locales/en/shell';
import type { staffMovement } from '../locales/en/staff-movement';
import type { teamSpace } from '../locales/en/team-space';
import { common as msCommon } from '../locales/ms/common';
import { errors as msErrors } from '../locales/ms/errors';
import { gate as msGate } from '../locales/ms/gate';
import { shell as msShell } from '../locales/ms/shell';

/**
 * English and Bahasa Malaysia (docs/product/leave.md §16). One namespace per area: `common` for
 * texts every screen shares, `errors` for why a field was refused (lib/error-text.ts), `shell` for
 * the layout and status pages, `gate` for our texts around the sign-in widget (the widget's own
 * texts go through Amplify's I18n, see features/auth): these four are bundled here, with the
 * sign-in page. Every other area's texts come with its screens' code (decision record 0040):
 * `account` for profile and change password, `home`, `leave` for the E-Leave screens and the
 * shared/HR hubs, `leaveAdmin`, `staffMovement`, `accessControl`, `itAdmin`, `ir`, `teamSpace`. Each of those has a
 * module in locales/ (e.g. locales/leave.ts) that adds both languages when it is imported and
 * exports the namespace's name; components name a namespace only through that export, so the
 * texts are there before anything reads them (the lint rule in eslint.config.js). Each language
 * file is typed by the English one, so a missing translation fails the type check.
 */
const resources = {
  en: { common: enCommon, errors: enErrors, shell: enShell, gate: enGate },
  ms: { common: msCommon, errors: msErrors, shell: msShell, gate: msGate },
} as const;

/** A language's texts of a namespace: the English one's keys, any wording. */
type Translation<T> = { readonly [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };

/** Every namespace's English texts, the type the others follow. */
interface Texts {
  common: typeof enCommon;
  errors: typeof enErrors;
  shell: typeof enShell;
  gate: typeof enGate;
  account: typeof account;
  home: typeof home;
  leave: typeof leave;
  leaveAdmin: typeof leaveAdmin;
  staffMovement: typeof staffMovement;
  accessControl: typeof accessControl;
  itAdmin: typeof itAdmin;
  ir: typeof ir;
  irAdmin: typeof irAdmin;
  teamSpace: typeof teamSpace;
  posts: typeof posts;
}

export type Language = keyof typeof resources;
/** The namespaces that come with their screens' code rather than with the sign-in page. */
export type ScreenNamespace = Exclude<keyof Texts, keyof (typeof resources)['en']>;
export const LANGUAGES: readonly Language[] = ['en', 'ms'];
export const DEFAULT_LANGUAGE: Language = 'en';
const STORAGE_KEY = 'staff-portal.language';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Texts;
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

/** Initialised once, synchronously (its resources are bundled), before the first render. */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'common',
  ns: ['common', 'errors', 'shell', 'gate'],
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

/**
 * Adds an area's texts in every language, once, and returns its namespace: called by the area's
 * module in locales/ when its screens' code loads, before any of them renders.
 */
export function addTexts<const N extends ScreenNamespace>(
  namespace: N,
  texts: { readonly [L in Language]: Translation<Texts[N]> },
): N {
  for (const language of LANGUAGES) {
    if (!i18n.hasResourceBundle(language, namespace)) i18n.addResourceBundle(language, namespace, texts[language]);
  }
  return namespace;
}
