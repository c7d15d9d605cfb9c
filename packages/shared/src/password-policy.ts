/**
 * The password policy of docs/product/specification.md §5, one definition for the web checklist and the identity
 * service's server-side enforcement.
 */
export const PASSWORD_MIN_LENGTH = 8;
/** Cognito accepts passwords up to 256 characters. */
export const PASSWORD_MAX_LENGTH = 256;

/**
 * Special characters Cognito (and the sign-in widget) recognise: ^ $ * . [ ] { } ( ) ? " ! @ # %
 * & / \ , > < ' : ; | _ ~ ` = + - and space. The seed's own change-password page lists a subset
 * (!@#$%^&*(),.?":{}|<>), all of which are in this set.
 */
const SPECIAL = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/;

export type PasswordRule = 'minLength' | 'lowercase' | 'uppercase' | 'number' | 'special';

export const passwordRules: { rule: PasswordRule; test: (password: string) => boolean }[] = [
  { rule: 'minLength', test: (p) => p.length >= PASSWORD_MIN_LENGTH },
  { rule: 'lowercase', test: (p) => /[a-z]/.test(p) },
  { rule: 'uppercase', test: (p) => /[A-Z]/.test(p) },
  { rule: 'number', test: (p) => /[0-9]/.test(p) },
  { rule: 'special', test: (p) => SPECIAL.test(p) },
];

/** The rules a password breaks, in the checklist's order; empty when it is acceptable. */
export function brokenPasswordRules(password: string): PasswordRule[] {
  return passwordRules.filter(({ test }) => !test(password)).map(({ rule }) => rule);
}

/** Cognito's wording for the first broken rule (InvalidPasswordException), or undefined. */
export function passwordPolicyMessage(password: string): string | undefined {
  if (password.length > PASSWORD_MAX_LENGTH)
    return 'Password did not conform with policy: Password must have at most 256 characters';
  const broken = brokenPasswordRules(password)[0];
  switch (broken) {
    case undefined:
      return undefined;
    case 'minLength':
      return 'Password did not conform with policy: Password not long enough';
    case 'lowercase':
      return 'Password did not conform with policy: Password must have lowercase characters';
    case 'uppercase':
      return 'Password did not conform with policy: Password must have uppercase characters';
    case 'number':
      return 'Password did not conform with policy: Password must have numeric characters';
    case 'special':
      return 'Password did not conform with policy: Password must have symbol characters';
  }
}
