import { timingSafeEqual } from 'node:crypto';
import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import { PASSWORD_CHANGED_ATTRIBUTE } from '@staff-portal/shared/constants';
import { passwordPolicyMessage } from '@staff-portal/shared/password-policy';
import { poolNameOf } from './config';
import type { SignInRefusal } from '@staff-portal/shared/it-admin';
import type { IdentityContext } from './context';
import { CognitoError } from './errors';
import { identityUserGroups, identityUsers } from './schema';
import { computeVerifier, generateSalt } from './srp';

export type User = typeof identityUsers.$inferSelect;
export type UserStatus = 'UNCONFIRMED' | 'CONFIRMED' | 'FORCE_CHANGE_PASSWORD' | 'RESET_REQUIRED';

/** Profile attributes a user fills in about themselves (at first sign-in, or later). */
export const PROFILE_ATTRIBUTES: ReadonlySet<string> = new Set([
  'name',
  'given_name',
  'family_name',
  'middle_name',
  'nickname',
  'preferred_username',
  'phone_number',
  'birthdate',
  'gender',
  'locale',
  'zoneinfo',
  'picture',
  'profile',
  'website',
  'address',
]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Finds a user by what they type (e-mail, any case) or by the internal username (`sub`). */
export async function findUser(ctx: IdentityContext, login: unknown): Promise<User | undefined> {
  if (typeof login !== 'string' || login.trim() === '' || login.length > 256) return undefined;
  const value = login.trim();
  const [user] = await ctx.db
    .select()
    .from(identityUsers)
    .where(
      UUID.test(value)
        ? eq(identityUsers.id, value.toLowerCase())
        : sql`lower(${identityUsers.email}) = lower(${value})`,
    );
  return user;
}

/**
 * The user's groups in name order, as an SQL expression to read in the same statement as
 * something else (a sign-in's or a refresh's one round trip, decision record 0058).
 */
export const groupsSql = (userId: SQLWrapper | string) =>
  sql<
    string[]
  >`array(select ${identityUserGroups.groupName} from ${identityUserGroups} where ${identityUserGroups.userId} = ${userId} order by ${identityUserGroups.groupName})`;

export async function groupsOf(ctx: IdentityContext, userId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ name: identityUserGroups.groupName })
    .from(identityUserGroups)
    .where(eq(identityUserGroups.userId, userId))
    .orderBy(identityUserGroups.groupName);
  return rows.map((r) => r.name);
}

/** Throws InvalidPasswordException, worded as Cognito does, unless the password meets docs/product/specification.md §5. */
export function assertPasswordPolicy(password: unknown): asserts password is string {
  if (typeof password !== 'string') throw new CognitoError('InvalidParameterException', 'A password is required.');
  const message = passwordPolicyMessage(password);
  if (message) throw new CognitoError('InvalidPasswordException', message);
}

/** The SRP salt and verifier for a password; the password itself is never stored. */
export function credentialsFor(ctx: IdentityContext, userId: string, password: string) {
  const srpSalt = generateSalt();
  return {
    srpSalt,
    srpVerifier: computeVerifier({ poolName: poolNameOf(ctx.config.userPoolId), userId, password, saltHex: srpSalt }),
  };
}

/** Checks a password against the stored verifier (USER_PASSWORD_AUTH, ChangePassword). */
export function passwordMatches(ctx: IdentityContext, user: User, password: unknown): boolean {
  if (typeof password !== 'string' || password.length > 256) return false;
  const candidate = computeVerifier({
    poolName: poolNameOf(ctx.config.userPoolId),
    userId: user.id,
    password,
    saltHex: user.srpSalt,
  });
  const a = Buffer.from(candidate);
  const b = Buffer.from(user.srpVerifier);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Sets a new password: new salt and verifier, the last-change attribute (docs/product/specification.md §3), the status,
 * and the lockout cleared. Sessions are ended by the callers that must (a reset, an admin's
 * password set); a user's own ChangePassword keeps their other sessions, as Cognito does.
 */
export async function setPassword(ctx: IdentityContext, user: User, password: string, status: UserStatus) {
  const now = new Date();
  await ctx.db
    .update(identityUsers)
    .set({
      ...credentialsFor(ctx, user.id, password),
      status,
      attributes: { ...user.attributes, [PASSWORD_CHANGED_ATTRIBUTE]: now.toISOString() },
      temporaryPasswordExpiresAt:
        status === 'FORCE_CHANGE_PASSWORD'
          ? new Date(now.getTime() + ctx.config.temporaryPasswordDays * 86_400_000)
          : null,
      failedAttempts: 0,
      lockedUntil: null,
      updatedAt: now,
    })
    .where(eq(identityUsers.id, user.id));
  // The id tokens minted before carry the old time of the last change (docs/product/identity.md §7).
  ctx.userChanged?.(user.id);
}

/** Attributes as Cognito lists them: `sub` and `email` first, every value a string. */
export function attributeList(user: User): { Name: string; Value: string }[] {
  const { email_verified = 'false', ...rest } = user.attributes;
  return [
    { Name: 'sub', Value: user.id },
    { Name: 'email', Value: user.email },
    { Name: 'email_verified', Value: email_verified },
    ...Object.entries(rest).map(([Name, Value]) => ({ Name, Value })),
  ];
}

/** A user as the admin API describes one (UserType). Dates are epoch seconds. */
export function userType(user: User) {
  return {
    Username: user.id,
    Attributes: attributeList(user),
    UserCreateDate: user.createdAt.getTime() / 1000,
    UserLastModifiedDate: user.updatedAt.getTime() / 1000,
    Enabled: user.enabled,
    UserStatus: user.status,
  };
}

const LOCK_AFTER = 5;
const LOCK_CAP_SECONDS = 15 * 60;
const FORGET_FAILURES_AFTER_MS = 15 * 60 * 1000;

/**
 * Cognito's lockout (protocol doc §6.1): from the fifth failure, a lock of 2^(n−5) s, capped at
 * 15 min; attempts during a lock are refused without counting; the count is forgotten after
 * 15 min without failures.
 */
export function lockedOut(user: User): boolean {
  return user.lockedUntil !== null && user.lockedUntil.getTime() > Date.now();
}

/**
 * Tells the host of a refused sign-in of this account (decision record 0078), with the account's
 * own e-mail and name, never what was typed. A host that cannot record it does not change the
 * answer: the refusal is logged instead.
 */
export async function signInRefused(ctx: IdentityContext, user: User, reason: SignInRefusal): Promise<void> {
  if (!ctx.signInRefused) return;
  try {
    await ctx.signInRefused({ userId: user.id, email: user.email, name: user.attributes['name'] ?? null, reason });
  } catch (error) {
    ctx.log.error({ err: error, userId: user.id, reason }, 'a refused sign-in could not be recorded');
  }
}

/** The error to throw for a refused sign-in, once the host has been told of it. */
export async function refusedSignIn(ctx: IdentityContext, user: User, reason: SignInRefusal, error: CognitoError) {
  await signInRefused(ctx, user, reason);
  return error;
}

export async function recordFailedSignIn(
  ctx: IdentityContext,
  user: User,
  reason: Extract<SignInRefusal, 'wrong-password' | 'wrong-code'>,
) {
  const now = Date.now();
  const stale = user.lastFailureAt === null || now - user.lastFailureAt.getTime() > FORGET_FAILURES_AFTER_MS;
  const failures = (stale ? 0 : user.failedAttempts) + 1;
  const lockSeconds = failures >= LOCK_AFTER ? Math.min(2 ** (failures - LOCK_AFTER), LOCK_CAP_SECONDS) : 0;
  await ctx.db
    .update(identityUsers)
    .set({
      failedAttempts: failures,
      lastFailureAt: new Date(now),
      lockedUntil: lockSeconds > 0 ? new Date(now + lockSeconds * 1000) : null,
    })
    .where(eq(identityUsers.id, user.id));
  await signInRefused(ctx, user, reason);
}

/** Whether a successful sign-in has failed attempts or a lock of this user's to clear. */
export const hasFailuresToClear = (user: User) => user.failedAttempts !== 0 || user.lockedUntil !== null;

export async function recordSuccessfulSignIn(ctx: IdentityContext, user: User) {
  if (!hasFailuresToClear(user)) return;
  await ctx.db
    .update(identityUsers)
    .set({ failedAttempts: 0, lastFailureAt: null, lockedUntil: null })
    .where(eq(identityUsers.id, user.id));
}

export const passwordAttemptsExceeded = () => new CognitoError('NotAuthorizedException', 'Password attempts exceeded');
