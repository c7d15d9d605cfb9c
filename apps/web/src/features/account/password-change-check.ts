import { passwordRules } from '@staff-portal/shared/password-policy';
import type { PasswordRule } from '@staff-portal/shared/password-policy';

/** One line of the change-password checklist (docs/product/specification.md §5): the policy's rules, then the match. */
export type ChecklistItem = PasswordRule | 'match';

export interface PasswordChangeValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface PasswordChangeCheck {
  /** Every checklist line with whether it is met, in the seed's order. */
  items: { item: ChecklistItem; met: boolean }[];
  /** Seed §5: "New password cannot be the same as old password". */
  sameAsOld: boolean;
  /** Seed §5: submit is disabled while the same-as-old message shows or any line is unmet. */
  canSubmit: boolean;
}

/**
 * The live state of the change-password form. The policy is the one the identity service
 * enforces, so a password the checklist accepts is never refused for its shape.
 */
export function checkPasswordChange({
  oldPassword,
  newPassword,
  confirmPassword,
}: PasswordChangeValues): PasswordChangeCheck {
  const items: PasswordChangeCheck['items'] = [
    ...passwordRules.map(({ rule, test }) => ({ item: rule, met: test(newPassword) })),
    // Seed §5: the new password must equal its confirmation and be non-empty.
    { item: 'match', met: newPassword !== '' && newPassword === confirmPassword },
  ];
  const sameAsOld = newPassword !== '' && newPassword === oldPassword;
  return { items, sameAsOld, canSubmit: !sameAsOld && items.every(({ met }) => met) };
}
