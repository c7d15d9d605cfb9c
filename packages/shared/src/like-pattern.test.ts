import { describe, expect, it } from 'vitest';
import { containing, likeEscaped, startingWith } from './like-pattern';

describe('LIKE patterns of typed text', () => {
  it.each([
    ['50%', '50\\%'],
    ['a_b', 'a\\_b'],
    ['C:\\temp', 'C:\\\\temp'],
    ['%_\\', '\\%\\_\\\\'],
    ['plain text', 'plain text'],
  ])('escapes %j as %j', (text, escaped) => {
    expect(likeEscaped(text)).toBe(escaped);
  });

  it('puts the wildcards of "contains" and "starts with" around the escaped text', () => {
    expect(containing('5%')).toBe('%5\\%%');
    expect(startingWith('a_')).toBe('a\\_%');
  });
});
