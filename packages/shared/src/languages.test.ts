import { describe, expect, it } from 'vitest';
import { languageOfLocale } from './languages';

describe('languageOfLocale', () => {
  it.each([
    ['ms', 'ms'],
    ['ms-MY', 'ms'],
    ['MS_my', 'ms'],
    [' ms ', 'ms'],
    ['en', 'en'],
    ['en-GB', 'en'],
    ['msa', 'en'],
    ['zh-Hans', 'en'],
    ['', 'en'],
    [null, 'en'],
    [undefined, 'en'],
  ] as const)('reads %j as %s', (locale, language) => {
    expect(languageOfLocale(locale)).toBe(language);
  });
});
