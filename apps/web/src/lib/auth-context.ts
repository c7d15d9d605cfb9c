import type { SignedInUser } from '@staff-portal/shared/signed-in-user';
import { createContext, useContext } from 'react';

/**
 * What the gate hands the main application (docs/product/specification.md §2: "receives the sign-out function and the
 * user"). Provided by the gate once Amplify reports a signed-in user.
 */
export interface AuthContextValue {
  /** Null while the user is being loaded (the guards show a spinner meanwhile). */
  user: SignedInUser | null;
  /** Seed §7: clears the session, goes to /, then logs the sign-out. */
  signOut: () => Promise<void>;
  /** Reloads the user from fresh tokens (after a password or attribute change). */
  refreshUser: () => Promise<SignedInUser | null>;
  /** The configured super-admin user id, for the group check (docs/product/specification.md §6). */
  superAdminUserId?: string | undefined;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (value === null) throw new Error('useAuth must be used inside the signed-in application.');
  return value;
}
