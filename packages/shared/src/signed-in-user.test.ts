import { describe, expect, it } from 'vitest';
import {
  displayNameOf,
  initialsOf,
  validEmailOf,
  isPasswordExpiredByClaims,
  passwordExpiresAt,
  plainNameOf,
  signedInUserFromClaims,
} from './signed-in-user';

describe('name fallbacks (docs/product/specification.md §3)', () => {
  it('display name: displayName, name, e-mail local part, then User', () => {
    expect(displayNameOf({ displayName: 'Aminah', name: 'Aminah binti Ali', email: 'a@x.org' })).toBe('Aminah');
    expect(displayNameOf({ displayName: ' ', name: 'Aminah binti Ali', email: 'a@x.org' })).toBe('Aminah binti Ali');
    expect(displayNameOf({ displayName: null, name: null, email: 'aminah@x.org' })).toBe('aminah');
    expect(displayNameOf({ displayName: null, name: null, email: '@x.org' })).toBe('User');
    expect(displayNameOf({ displayName: null, name: null, email: null })).toBe('User');
  });

  it('plain name: name, e-mail local part, then User, never the display name', () => {
    expect(plainNameOf({ name: 'Aminah binti Ali', email: 'a@x.org' })).toBe('Aminah binti Ali');
    expect(plainNameOf({ name: '', email: 'aminah@x.org' })).toBe('aminah');
    expect(plainNameOf({ name: null, email: null })).toBe('User');
  });
});

describe('password expiry (docs/product/specification.md §4, §5)', () => {
  it('expires the given months after the last change', () => {
    expect(passwordExpiresAt('2026-01-31T04:00:00.000Z', 6)?.toISOString()).toBe('2026-07-31T04:00:00.000Z');
    expect(passwordExpiresAt('2026-08-31T04:00:00.000Z', 6)?.toISOString()).toBe('2027-02-28T04:00:00.000Z');
    expect(passwordExpiresAt(null)).toBeNull();
    expect(passwordExpiresAt('not a date')).toBeNull();
  });

  it('judges a claims object the same on every call, whatever months and time it is asked with', () => {
    const claims = { sub: 'abc', 'custom:passwordChangedAt': '2026-01-01T00:00:00.000Z' };
    const before = new Date('2026-06-30T23:59:59.999Z');
    const after = new Date('2026-07-01T00:00:00.000Z');
    expect(isPasswordExpiredByClaims(claims, 6, before)).toBe(false);
    expect(isPasswordExpiredByClaims(claims, 6, after)).toBe(true);
    expect(isPasswordExpiredByClaims(claims, 7, after)).toBe(false);
    expect(isPasswordExpiredByClaims(claims, 5, before)).toBe(true);
    expect(isPasswordExpiredByClaims(claims, 6, before)).toBe(false);
    expect(isPasswordExpiredByClaims({ sub: 'abc' }, 6, after)).toBe(false);
    expect(isPasswordExpiredByClaims({ 'custom:passwordChangedAt': 'not a date' }, 6, after)).toBe(false);
  });
});

describe('signedInUserFromClaims', () => {
  it("takes the seed's fields from Cognito's claims", () => {
    const user = signedInUserFromClaims(
      {
        sub: 'abc',
        name: 'Aminah',
        nickname: 'Min',
        email: 'aminah@x.org',
        'cognito:groups': ['HR', 7, 'HRAdmin'],
        'custom:passwordChangedAt': '2026-01-01T00:00:00.000Z',
      },
      6,
      new Date('2026-08-01T00:00:00.000Z'),
    );
    expect(user).toEqual({
      id: 'abc',
      name: 'Aminah',
      displayName: 'Min',
      email: 'aminah@x.org',
      department: ['HR', 'HRAdmin'],
      passwordExpiry: '2026-01-01T00:00:00.000Z',
      passwordExpired: true,
    });
    expect(signedInUserFromClaims({ sub: 'x' }).department).toEqual([]);
  });
});

describe('validEmailOf', () => {
  it.each<[string | null, string | null]>([
    ['aisyah@staffportal.example', 'aisyah@staffportal.example'],
    [null, null],
    ['', null],
    ['not-an-email', null],
    ['two@at@signs.example', null],
  ])('%j → %j', (email, expected) => {
    expect(validEmailOf({ email })).toBe(expected);
  });
});

describe('initialsOf', () => {
  it.each([
    ['Nur Aisyah binti Rahman', 'NA'],
    ['hr', 'H'],
    ['siti.hajar', 'SH'],
    ['  ', ''],
  ])('%j → %j', (name, expected) => {
    expect(initialsOf(name)).toBe(expected);
  });
});
