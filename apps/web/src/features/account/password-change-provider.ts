import { updatePassword, updateUserAttributes } from 'aws-amplify/auth';

/**
 * The two identity calls the change-password page makes (docs/product/specification.md §7: ChangePassword, then
 * UpdateUserAttributes with the last-change attribute). A seam so component tests can answer
 * them; the page uses Amplify's, which the end-to-end tests drive against the identity service.
 */
export interface PasswordChangeProvider {
  updatePassword: (input: { oldPassword: string; newPassword: string }) => Promise<void>;
  updateUserAttributes: (input: { userAttributes: Record<string, string> }) => Promise<unknown>;
}

export const amplifyPasswordChange: PasswordChangeProvider = { updatePassword, updateUserAttributes };
