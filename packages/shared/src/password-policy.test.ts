import { describe, expect, it } from 'vitest';
import { brokenPasswordRules, passwordPolicyMessage } from './password-policy';

describe('password policy (docs/product/specification.md §5)', () => {
  it('accepts a password meeting every rule', () => {
    expect(brokenPasswordRules('Passw0rd!')).toEqual([]);
    expect(passwordPolicyMessage('Passw0rd!')).toBeUndefined();
  });

  it.each([
    ['Pa0!', ['minLength']],
    ['PASSWORD0!', ['lowercase']],
    ['password0!', ['uppercase']],
    ['Password!!', ['number']],
    ['Password00', ['special']],
    ['', ['minLength', 'lowercase', 'uppercase', 'number', 'special']],
  ])('%j breaks %j', (password, rules) => {
    expect(brokenPasswordRules(password)).toEqual(rules);
  });

  it.each([
    '^',
    '$',
    '*',
    '.',
    '[',
    ']',
    '{',
    '}',
    '(',
    ')',
    '?',
    '"',
    '!',
    '@',
    '#',
    '%',
    '&',
    '/',
    '\\',
    ',',
    '>',
    '<',
    "'",
    ':',
    ';',
    '|',
    '_',
    '~',
    '`',
    '=',
    '+',
    '-',
    ' ',
  ])('counts %j as a special character', (symbol) => {
    expect(brokenPasswordRules(`Passw0rd${symbol}`)).toEqual([]);
  });

  it("words the first broken rule as Cognito's InvalidPasswordException does", () => {
    expect(passwordPolicyMessage('short')).toBe('Password did not conform with policy: Password not long enough');
    expect(passwordPolicyMessage('Password00')).toBe(
      'Password did not conform with policy: Password must have symbol characters',
    );
    expect(passwordPolicyMessage(`Aa0!${'x'.repeat(253)}`)).toMatch(/at most 256/);
  });
});
