/**
 * Texts of the gate namespace (see lib/i18n.ts): ours around the sign-in widget. The widget's
 * own texts go through Amplify's I18n (features/auth/amplify-vocabulary.ts).
 */
export const gate = {
  /** Names the language switch under the widget. */
  languageSwitch: 'Language',
  /** Each language is named in itself, so a reader of either finds theirs. */
  languageNames: { en: 'English', ms: 'Bahasa Malaysia' },
  /** Over the sign-in form once a password reset is complete. */
  passwordChanged: 'Your password has been changed. Sign in with your new password.',
};
