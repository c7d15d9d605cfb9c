import { PASSWORD_MIN_LENGTH } from '@staff-portal/shared/password-policy';
import { describe, expect, it } from 'vitest';
import { checkPasswordChange } from './password-change-check';
import type { ChecklistItem, PasswordChangeValues } from './password-change-check';

const values = (overrides: Partial<PasswordChangeValues>): PasswordChangeValues => ({
  oldPassword: 'Old-Password-1',
  newPassword: '',
  confirmPassword: '',
  ...overrides,
});

const unmet = (input: Partial<PasswordChangeValues>): ChecklistItem[] =>
  checkPasswordChange(values(input))
    .items.filter(({ met }) => !met)
    .map(({ item }) => item);

describe('checkPasswordChange', () => {
  it("lists the seed's requirements in its order", () => {
    expect(checkPasswordChange(values({})).items.map(({ item }) => item)).toEqual([
      'minLength',
      'lowercase',
      'uppercase',
      'number',
      'special',
      'match',
    ]);
  });

  it.each<[string, Partial<PasswordChangeValues>, ChecklistItem[]]>([
    ['nothing typed', {}, ['minLength', 'lowercase', 'uppercase', 'number', 'special', 'match']],
    ['lower case only', { newPassword: 'abcdefgh' }, ['uppercase', 'number', 'special', 'match']],
    ['upper case only', { newPassword: 'ABCDEFGH' }, ['lowercase', 'number', 'special', 'match']],
    ['digits only', { newPassword: '12345678' }, ['lowercase', 'uppercase', 'special', 'match']],
    ['too short', { newPassword: 'Ab1!', confirmPassword: 'Ab1!' }, ['minLength']],
    ['no special', { newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg1' }, ['special']],
    ['not confirmed', { newPassword: 'Abcdef1!' }, ['match']],
    ['confirmed differently', { newPassword: 'Abcdef1!', confirmPassword: 'Abcdef1?' }, ['match']],
    ['everything met', { newPassword: 'Abcdef1!', confirmPassword: 'Abcdef1!' }, []],
  ])('%s', (_name, input, expected) => {
    expect(unmet(input)).toEqual(expected);
  });

  it(`needs exactly ${String(PASSWORD_MIN_LENGTH)} characters`, () => {
    const short = 'Ab1!'.padEnd(PASSWORD_MIN_LENGTH - 1, 'x');
    const long = 'Ab1!'.padEnd(PASSWORD_MIN_LENGTH, 'x');
    expect(unmet({ newPassword: short, confirmPassword: short })).toEqual(['minLength']);
    expect(unmet({ newPassword: long, confirmPassword: long })).toEqual([]);
  });

  it.each([...'!@#$%^&*(),.?":{}|<>'])("counts the seed's special character %s", (special) => {
    const password = `Abcdef1${special}`;
    expect(unmet({ newPassword: password, confirmPassword: password })).toEqual([]);
  });

  it('does not call an empty new password and an empty confirmation a match', () => {
    expect(unmet({ newPassword: '', confirmPassword: '' })).toContain('match');
  });

  it('flags a new password equal to the old one and refuses to submit it', () => {
    const check = checkPasswordChange(
      values({ oldPassword: 'Abcdef1!', newPassword: 'Abcdef1!', confirmPassword: 'Abcdef1!' }),
    );
    expect(check.items.every(({ met }) => met)).toBe(true);
    expect(check.sameAsOld).toBe(true);
    expect(check.canSubmit).toBe(false);
  });

  it('does not flag an empty new password as the same as an empty old one', () => {
    expect(checkPasswordChange(values({ oldPassword: '' })).sameAsOld).toBe(false);
  });

  it('compares with the old password exactly (case and spaces count)', () => {
    expect(checkPasswordChange(values({ oldPassword: 'abcdef1!', newPassword: 'Abcdef1!' })).sameAsOld).toBe(false);
    expect(checkPasswordChange(values({ oldPassword: 'Abcdef1! ', newPassword: 'Abcdef1!' })).sameAsOld).toBe(false);
  });

  it('allows submitting only when every requirement is met and the password is new', () => {
    expect(checkPasswordChange(values({ newPassword: 'Abcdef1!', confirmPassword: 'Abcdef1!' })).canSubmit).toBe(true);
    expect(checkPasswordChange(values({ newPassword: 'Abcdef1!', confirmPassword: 'Abcdef1' })).canSubmit).toBe(false);
    expect(checkPasswordChange(values({ newPassword: 'abcdef1!', confirmPassword: 'abcdef1!' })).canSubmit).toBe(false);
  });
});
