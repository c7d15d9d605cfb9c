import type { SignedInUser } from '@staff-portal/shared/signed-in-user';
import type { AuthContextValue } from '../lib/auth-context';

/** A signed-in HR user with a current password; override what a test is about. */
export function testUser(overrides: Partial<SignedInUser> = {}): SignedInUser {
  return {
    id: 'user-hr-1',
    name: 'Nur Aisyah binti Rahman',
    displayName: 'Aisyah',
    email: 'aisyah@staffportal.example',
    department: ['HR'],
    passwordExpiry: '2026-09-01T00:00:00.000Z',
    passwordExpired: false,
    ...overrides,
  };
}

/**
 * A value for AuthContext as the gate provides it. `signOut` and `refreshUser` do nothing
 * unless the test passes its own.
 */
export function testAuth(user: SignedInUser | null, overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    user,
    signOut: () => Promise.resolve(),
    refreshUser: () => Promise.resolve(user),
    ...overrides,
  };
}
