import { DefaultTexts, translations } from '@aws-amplify/ui';
import { I18n } from 'aws-amplify/utils';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { followAppLanguage } from './amplify-language';
import { msVocabulary } from './amplify-vocabulary';

describe('the Malay vocabulary of the sign-in widget', () => {
  it("covers every text of Amplify UI's English dictionary", () => {
    const english = translations.en;
    expect(english).toBeDefined();
    const missing = Object.keys(english!).filter((text) => !(text in msVocabulary));
    expect(missing).toEqual([]);
  });

  it("covers every one of Amplify UI's default texts", () => {
    const missing = Object.values(DefaultTexts).filter((text) => !(text in msVocabulary));
    expect(missing).toEqual([]);
  });

  it("covers the seed's widget messages and the identity service's sign-in errors", () => {
    for (const text of [
      'Password must have at least 8 characters',
      'Password must have special characters',
      'Your passwords must match',
      'Please enter a valid email',
      'This field is required',
      'It may take a minute to arrive',
      'Incorrect username or password.',
      'There is already a signed in user.',
      'COPIED',
    ]) {
      expect(msVocabulary[text], text).toBeTruthy();
    }
  });

  it('has no empty or untranslated entry', () => {
    const untranslated = Object.entries(msVocabulary).filter(
      ([english, malay]) => malay.trim() === '' || malay === english,
    );
    expect(untranslated).toEqual([]);
  });
});

describe('what the widget says to a person who cannot sign in by themself', () => {
  it('says plainly whom to ask, in English and in Malay, for a disabled account or an expired invitation', () => {
    followAppLanguage(i18n);
    const shown = (language: string, message: string) => {
      I18n.setLanguage(language);
      return String(I18n.get(message));
    };
    try {
      expect(shown('en', 'User is disabled.')).toBe(
        'Your account is disabled. To use the portal again, ask an HR or IT administrator to enable it.',
      );
      expect(shown('ms', 'User is disabled.')).toBe(
        'Akaun anda telah dinyahdayakan. Untuk menggunakan portal semula, minta pentadbir HR atau IT mendayakannya.',
      );
      expect(shown('en', 'Temporary password has expired and must be reset by an administrator.')).toMatch(
        /^Your temporary password has expired\. Ask an HR or IT administrator/,
      );
      // Amplify's own texts stay as they are.
      expect(shown('en', 'Sign in')).toBe('Sign in');
    } finally {
      I18n.setLanguage(i18n.language);
    }
  });
});
