import dayjs from 'dayjs';
import { z } from 'zod';
import { DEFAULT_PASSWORD_EXPIRY_MONTHS, PASSWORD_CHANGED_ATTRIBUTE } from './constants';

/**
 * The signed-in user of docs/product/specification.md §3, as `GET /api/me` answers and the web app holds it. Built only
 * from verified identity-token claims.
 */
export const signedInUserSchema = z.object({
  /** The identity provider's id (`sub`). */
  id: z.string(),
  name: z.string().nullable(),
  /** The user's chosen display name: the `nickname` attribute. */
  displayName: z.string().nullable(),
  email: z.string().nullable(),
  /** Group names from the token's `cognito:groups` (docs/product/specification.md §3 "department"). */
  department: z.array(z.string()),
  /** The last password change (docs/product/specification.md §3: the custom attribute), ISO 8601; null when unknown. */
  passwordExpiry: z.string().nullable(),
  passwordExpired: z.boolean(),
});
export type SignedInUser = z.infer<typeof signedInUserSchema>;

const FALLBACK_NAME = 'User';

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

function emailLocalPart(email: string | null | undefined): string | undefined {
  if (!present(email)) return undefined;
  const local = email.split('@')[0];
  return present(local) ? local : undefined;
}

/** Seed §3: displayName, name, the e-mail's local part, then "User". */
export function displayNameOf(user: Pick<SignedInUser, 'displayName' | 'name' | 'email'>): string {
  if (present(user.displayName)) return user.displayName;
  return plainNameOf(user);
}

/** Seed §3: name, the e-mail's local part, then "User". */
export function plainNameOf(user: Pick<SignedInUser, 'name' | 'email'>): string {
  if (present(user.name)) return user.name;
  return emailLocalPart(user.email) ?? FALLBACK_NAME;
}

/** When a password changed at `changedAt` expires; null for a missing or unreadable date. */
export function passwordExpiresAt(
  changedAt: string | null | undefined,
  months: number = DEFAULT_PASSWORD_EXPIRY_MONTHS,
): Date | null {
  if (!present(changedAt)) return null;
  const changed = dayjs(changedAt);
  return changed.isValid() ? changed.add(months, 'month').toDate() : null;
}

const stringClaim = (claims: Record<string, unknown>, name: string): string | null => {
  const value = claims[name];
  return typeof value === 'string' && value !== '' ? value : null;
};

/** The expiry each claims object's password gives, by the months it was worked out for. */
const expiries = new WeakMap<Record<string, unknown>, { months: number; at: number | null }>();

/**
 * Whether the password of these verified claims is past its expiry: from the expiry instant on.
 * An account without the attribute (one created outside the portal, in Cognito mode) is not
 * treated as expired: nothing says when it changed. The expiry instant is worked out once per
 * claims object: the server asks on every request with a remembered token's claims, and parsing
 * the date and adding the months each time took a third of GET /api/me's CPU time.
 */
export function isPasswordExpiredByClaims(
  claims: Record<string, unknown>,
  months: number = DEFAULT_PASSWORD_EXPIRY_MONTHS,
  now: Date = new Date(),
): boolean {
  let expiry = expiries.get(claims);
  if (expiry?.months !== months) {
    expiry = {
      months,
      at: passwordExpiresAt(stringClaim(claims, PASSWORD_CHANGED_ATTRIBUTE), months)?.getTime() ?? null,
    };
    expiries.set(claims, expiry);
  }
  return expiry.at !== null && expiry.at <= now.getTime();
}

/** The signed-in user from verified id-token claims (Cognito's claim names). */
export function signedInUserFromClaims(
  claims: Record<string, unknown>,
  passwordExpiryMonths: number = DEFAULT_PASSWORD_EXPIRY_MONTHS,
  now: Date = new Date(),
): SignedInUser {
  const groups = claims['cognito:groups'];
  const changedAt = stringClaim(claims, PASSWORD_CHANGED_ATTRIBUTE);
  return {
    id: stringClaim(claims, 'sub') ?? '',
    name: stringClaim(claims, 'name'),
    displayName: stringClaim(claims, 'nickname'),
    email: stringClaim(claims, 'email'),
    department: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [],
    passwordExpiry: changedAt,
    passwordExpired: isPasswordExpiredByClaims(claims, passwordExpiryMonths, now),
  };
}

const emailSchema = z.email();

/** The user's e-mail, or null when it is missing or not an e-mail (docs/product/specification.md §2, §8 show "Invalid Email"). */
export function validEmailOf(user: Pick<SignedInUser, 'email'>): string | null {
  return user.email !== null && emailSchema.safeParse(user.email).success ? user.email : null;
}

/** Up to two initials of a name, for an avatar. */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/[\s._-]+/u)
    .filter((word) => word !== '')
    .slice(0, 2)
    .map((word) => [...word][0]?.toUpperCase() ?? '')
    .join('');
}
