import { DefaultTexts, translations } from '@aws-amplify/ui';
import { describe, expect, it } from 'vitest';
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
