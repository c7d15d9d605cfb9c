/**
 * Texts of the account namespace (see lib/i18n.ts): the profile and change-password pages.
 * Texts quoted by the original specification (docs/product/specification.md §2, §5, §8) are verbatim and must stay so,
 * typo included ("You password will expire on").
 */
export const account = {
  profile: {
    title: 'Profile',
    name: 'Name',
    email: 'Email',
    department: 'Department',
    noDepartment: 'No department assigned',
    adminSuffix: '(admin)',
    changePassword: 'Change Password',
    security: 'Security',
    securityHint: 'Change the password you sign in with.',
    language: 'Language',
    languageHint:
      'Applies to every screen, is remembered on this device, and is the language of the e-mail the portal sends you.',
    languageError: 'Error updating user attribute.',
  },
  changePassword: {
    title: 'Change Password',
    oldPassword: 'Old Password',
    newPassword: 'New Password',
    confirmPassword: 'Confirm New Password',
    expiryPolicy: 'You are required to change your password every {{months}} months for security reasons.',
    expiresOn: 'You password will expire on {{date}}',
    /** Instead of the seed's "will expire" once the date has passed. */
    expiredOn: 'Your password expired on {{date}}',
    expired: 'Your password has expired. Change it to continue using the portal.',
    show: 'Show {{field}}',
    hide: 'Hide {{field}}',
    required: 'This field is required',
    sameAsOld: 'New password cannot be the same as old password',
    submit: 'Change Password',
    submitting: 'Changing Password…',
    cancel: 'Cancel',
    success: 'Password changed successfully!',
    attributeError: 'Error updating user attribute.',
  },
  checklist: {
    title: 'Password requirements',
    met: 'met',
    unmet: 'not met',
    minLength: 'At least {{min}} characters long',
    lowercase: 'Includes at least one lowercase letter',
    uppercase: 'Includes at least one uppercase letter',
    number: 'Includes at least one number',
    special: 'Includes at least one special character',
    match: 'New passwords must match',
  },
};
