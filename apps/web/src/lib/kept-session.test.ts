import { describe, expect, it } from 'vitest';
import { hasKeptSession } from './kept-session';

function storageWith(keys: string[]) {
  return { length: keys.length, key: (index: number) => keys[index] ?? null };
}

describe('hasKeptSession', () => {
  it('sees the user Amplify keeps signed in', () => {
    const keys = ['theme', 'CognitoIdentityServiceProvider.staffportalweb.LastAuthUser'];
    expect(hasKeptSession(storageWith(keys))).toBe(true);
  });

  it('sees none after sign-out, when only other keys are left', () => {
    const keys = ['staff-portal.sidebar-collapsed', 'CognitoIdentityServiceProvider.staffportalweb.deviceKey'];
    expect(hasKeptSession(storageWith(keys))).toBe(false);
    expect(hasKeptSession(storageWith([]))).toBe(false);
  });

  it('sees none where storage cannot be read', () => {
    const locked = {
      get length(): number {
        throw new DOMException('denied', 'SecurityError');
      },
      key: () => null,
    };
    expect(hasKeptSession(locked)).toBe(false);
    expect(hasKeptSession(undefined)).toBe(false);
  });
});
