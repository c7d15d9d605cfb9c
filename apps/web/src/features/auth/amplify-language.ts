import { I18n } from 'aws-amplify/utils';
import type { i18n as I18next } from 'i18next';
import { enVocabulary, msVocabulary } from './amplify-vocabulary';

/**
 * Keeps the sign-in widget in the app's language from now on. Amplify UI has no Malay dictionary
 * of its own, so ours is added; English is Amplify's built-in default, with the few messages of
 * the identity service that a person should read otherwise. Amplify's I18n is a global
 * the widget reads while it renders; this listener is registered before any component's, so the
 * language is switched before the widget renders again.
 */
export function followAppLanguage(i18n: I18next): void {
  I18n.putVocabularies({ en: enVocabulary, ms: msVocabulary });
  I18n.setLanguage(i18n.language);
  i18n.on('languageChanged', (language: string) => {
    I18n.setLanguage(language);
  });
}
