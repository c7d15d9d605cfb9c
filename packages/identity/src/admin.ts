import { randomInt, randomUUID } from 'node:crypto';
import { and, asc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import { PASSWORD_CHANGED_ATTRIBUTE } from '@staff-portal/shared/constants';
import { issueCode } from './codes';
import type { IdentityContext } from './context';
import { CognitoError, invalidParameter } from './errors';
import { messagesFor } from './messages';
import { deliver } from './outbox';
import { identityGroups, identityUserGroups, identityUsers } from './schema';
import { endAllSessions } from './sessions';
import { assertPasswordPolicy, credentialsFor, findUser, groupsOf, setPassword, userType, type User } from './users';
import { startingWith } from '@staff-portal/shared/like-pattern';

type Body = Record<string, unknown>;

function assertPool(ctx: IdentityContext, body: Body) {
  if (body['UserPoolId'] !== ctx.config.userPoolId) {
    throw new CognitoError('ResourceNotFoundException', `User pool ${String(body['UserPoolId'])} does not exist.`);
  }
}

function text(body: Body, name: string, max = 256): string {
  const value = body[name];
  if (typeof value !== 'string' || value.trim() === '' || value.length > max) {
    throw invalidParameter(
      `1 validation error detected: Value at '${name.charAt(0).toLowerCase()}${name.slice(1)}' failed to satisfy constraint: Member must not be null`,
    );
  }
  return value;
}

async function existingUser(ctx: IdentityContext, body: Body): Promise<User> {
  assertPool(ctx, body);
  const user = await findUser(ctx, text(body, 'Username'));
  if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
  return user;
}

function limit(value: unknown, max = 60): number {
  if (value === undefined) return max;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    throw invalidParameter(
      `1 validation error detected: Value '${JSON.stringify(value)}' at 'limit' failed to satisfy constraint: Member must have value less than or equal to ${max}`,
    );
  }
  return value === 0 ? max : value;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ADMIN_SETTABLE =
  /^(name|given_name|family_name|middle_name|nickname|preferred_username|phone_number|phone_number_verified|email_verified|birthdate|gender|locale|zoneinfo|picture|profile|website|address|custom:[A-Za-z0-9_]{1,20})$/;

function attributeMap(value: unknown): Record<string, string> {
  if (value === undefined) return {};
  if (!Array.isArray(value)) throw invalidParameter('UserAttributes must be a list.');
  // No prototype: a Name of `__proto__` must be an attribute name like any other (and refused as one).
  const out = Object.create(null) as Record<string, string>;
  for (const item of value as unknown[]) {
    const { Name, Value } = (item ?? {}) as { Name?: unknown; Value?: unknown };
    if (typeof Name !== 'string' || typeof Value !== 'string' || Value.length > 2048) {
      throw invalidParameter('UserAttributes must be a list of {Name, Value} strings.');
    }
    out[Name] = Value;
  }
  return out;
}

/** A temporary password that meets the policy: letters of both cases, a digit and a symbol. */
function temporaryPassword(): string {
  const pick = (chars: string) => chars[randomInt(chars.length)]!;
  const lower = 'abcdefghjkmnpqrstuvwxyz';
  const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const symbols = '!@#$%^&*';
  const rest = Array.from({ length: 8 }, () => pick(lower + upper + digits));
  return [pick(lower), pick(upper), pick(digits), pick(symbols), ...rest].sort(() => randomInt(3) - 1).join('');
}

export async function adminCreateUser(ctx: IdentityContext, body: Body) {
  assertPool(ctx, body);
  const attributes = attributeMap(body['UserAttributes']);
  const action = body['MessageAction'];
  if (action !== undefined && action !== 'RESEND' && action !== 'SUPPRESS')
    throw invalidParameter('MessageAction must be RESEND or SUPPRESS.');
  // A re-invitation names an existing user by any of its usernames: the sub or the e-mail alias.
  const email = action === 'RESEND' ? text(body, 'Username') : (attributes['email'] ?? text(body, 'Username'));
  if (action !== 'RESEND' && !EMAIL.test(email)) throw invalidParameter('Username should be an email.');
  const given = body['TemporaryPassword'];
  if (given !== undefined) assertPasswordPolicy(given);
  const password = typeof given === 'string' ? given : temporaryPassword();

  const existing = await findUser(ctx, email);
  let user: User;
  if (action === 'RESEND') {
    // Re-invite: a new temporary password and a fresh validity period for an invited user.
    if (!existing) throw new CognitoError('UserNotFoundException', 'User does not exist.');
    if (existing.status !== 'FORCE_CHANGE_PASSWORD')
      throw new CognitoError(
        'UnsupportedUserStateException',
        'Resend not possible. User is not in FORCE_CHANGE_PASSWORD state.',
      );
    await setPassword(ctx, existing, password, 'FORCE_CHANGE_PASSWORD');
    user = (await findUser(ctx, existing.id))!;
  } else {
    if (existing) throw new CognitoError('UsernameExistsException', 'An account with the given email already exists.');
    const { email: _email, sub: _sub, ...rest } = attributes;
    for (const name of Object.keys(rest)) {
      if (!ADMIN_SETTABLE.test(name)) throw invalidParameter(`Attributes did not conform to the schema: ${name}`);
    }
    const id = randomUUID();
    const now = new Date();
    // Another creation of the same e-mail may have got in since it was looked up: the unique
    // index on the e-mail decides, and the one that lost is told as if it had been looked up late.
    const [inserted] = await ctx.db
      .insert(identityUsers)
      .values({
        id,
        email,
        status: 'FORCE_CHANGE_PASSWORD',
        ...credentialsFor(ctx, id, password),
        attributes: { email_verified: 'false', ...rest, [PASSWORD_CHANGED_ATTRIBUTE]: now.toISOString() },
        temporaryPasswordExpiresAt: new Date(now.getTime() + ctx.config.temporaryPasswordDays * 86_400_000),
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) throw new CognitoError('UsernameExistsException', 'An account with the given email already exists.');
    user = inserted;
  }
  if (action !== 'SUPPRESS') {
    const { subject, body: text } = messagesFor(user.attributes).invitation({
      email: user.email,
      password,
      signInUrl: ctx.config.signInUrl,
      days: ctx.config.temporaryPasswordDays,
    });
    await deliver(ctx, { medium: 'EMAIL', recipient: user.email, subject, body: text, userId: user.id });
  }
  return { User: userType(user) };
}

export async function adminGetUser(ctx: IdentityContext, body: Body) {
  const user = await existingUser(ctx, body);
  const { Attributes, UserCreateDate, UserLastModifiedDate, Enabled, UserStatus, Username } = userType(user);
  return {
    Username,
    UserAttributes: Attributes,
    UserCreateDate,
    UserLastModifiedDate,
    Enabled,
    UserStatus,
    ...(user.preferredMfa ? { PreferredMfaSetting: user.preferredMfa } : {}),
    UserMFASettingList: [
      ...(user.smsMfaEnabled ? ['SMS_MFA'] : []),
      ...(user.totpEnabled ? ['SOFTWARE_TOKEN_MFA'] : []),
    ],
  };
}

export async function adminSetUserPassword(ctx: IdentityContext, body: Body) {
  const user = await existingUser(ctx, body);
  assertPasswordPolicy(body['Password']);
  await setPassword(ctx, user, body['Password'], body['Permanent'] === true ? 'CONFIRMED' : 'FORCE_CHANGE_PASSWORD');
  await endAllSessions(ctx, user.id);
  return {};
}

export async function adminResetUserPassword(ctx: IdentityContext, body: Body) {
  const user = await existingUser(ctx, body);
  if (user.attributes['email_verified'] !== 'true') {
    throw invalidParameter(
      'Cannot reset password for the user as there is no registered/verified email or phone_number',
    );
  }
  await ctx.db
    .update(identityUsers)
    .set({ status: 'RESET_REQUIRED', updatedAt: new Date() })
    .where(eq(identityUsers.id, user.id));
  await endAllSessions(ctx, user.id);
  const code = await issueCode(ctx, user.id, 'forgot_password');
  const { subject, body: text } = messagesFor(user.attributes).adminReset(code);
  await deliver(ctx, { medium: 'EMAIL', recipient: user.email, subject, body: text, userId: user.id });
  return {};
}

async function setEnabled(ctx: IdentityContext, body: Body, enabled: boolean) {
  const user = await existingUser(ctx, body);
  await ctx.db.update(identityUsers).set({ enabled, updatedAt: new Date() }).where(eq(identityUsers.id, user.id));
  if (!enabled) await endAllSessions(ctx, user.id);
  return {};
}

export const adminDisableUser = (ctx: IdentityContext, body: Body) => setEnabled(ctx, body, false);
export const adminEnableUser = (ctx: IdentityContext, body: Body) => setEnabled(ctx, body, true);

export async function adminDeleteUser(ctx: IdentityContext, body: Body) {
  const user = await existingUser(ctx, body);
  await ctx.db.delete(identityUsers).where(eq(identityUsers.id, user.id));
  ctx.userChanged?.(user.id);
  return {};
}

export async function adminUpdateUserAttributes(ctx: IdentityContext, body: Body) {
  const user = await existingUser(ctx, body);
  const changes = attributeMap(body['UserAttributes']);
  let email = user.email;
  const attributes = { ...user.attributes };
  for (const [name, value] of Object.entries(changes)) {
    if (name === 'email') {
      if (!EMAIL.test(value)) throw invalidParameter('Invalid email address format.');
      const other = await findUser(ctx, value);
      if (other && other.id !== user.id)
        throw new CognitoError('AliasExistsException', 'An account with the given email already exists.');
      email = value;
    } else if (ADMIN_SETTABLE.test(name) || name === PASSWORD_CHANGED_ATTRIBUTE) {
      attributes[name] = value;
    } else {
      throw invalidParameter(`Cannot modify the non-mutable attribute ${name}`);
    }
  }
  await ctx.db
    .update(identityUsers)
    .set({ email, attributes, updatedAt: new Date() })
    .where(eq(identityUsers.id, user.id));
  ctx.userChanged?.(user.id);
  return {};
}

export async function adminUserGlobalSignOut(ctx: IdentityContext, body: Body) {
  const user = await existingUser(ctx, body);
  await endAllSessions(ctx, user.id);
  return {};
}

async function existingGroup(ctx: IdentityContext, name: string) {
  const [group] = await ctx.db.select().from(identityGroups).where(eq(identityGroups.name, name));
  if (!group) throw new CognitoError('ResourceNotFoundException', 'Group not found.');
  return group;
}

function groupType(ctx: IdentityContext, group: typeof identityGroups.$inferSelect) {
  return {
    GroupName: group.name,
    UserPoolId: ctx.config.userPoolId,
    Description: group.description,
    ...(group.precedence === null ? {} : { Precedence: group.precedence }),
    CreationDate: group.createdAt.getTime() / 1000,
    LastModifiedDate: group.updatedAt.getTime() / 1000,
  };
}

export async function adminAddUserToGroup(ctx: IdentityContext, body: Body) {
  const user = await existingUser(ctx, body);
  const group = await existingGroup(ctx, text(body, 'GroupName', 128));
  await ctx.db.insert(identityUserGroups).values({ userId: user.id, groupName: group.name }).onConflictDoNothing();
  ctx.userChanged?.(user.id);
  return {};
}

export async function adminRemoveUserFromGroup(ctx: IdentityContext, body: Body) {
  const user = await existingUser(ctx, body);
  const group = await existingGroup(ctx, text(body, 'GroupName', 128));
  await ctx.db
    .delete(identityUserGroups)
    .where(and(eq(identityUserGroups.userId, user.id), eq(identityUserGroups.groupName, group.name)));
  ctx.userChanged?.(user.id);
  return {};
}

export async function adminListGroupsForUser(ctx: IdentityContext, body: Body) {
  const user = await existingUser(ctx, body);
  const names = new Set(await groupsOf(ctx, user.id));
  const groups = (await ctx.db.select().from(identityGroups).orderBy(asc(identityGroups.name))).filter((g) =>
    names.has(g.name),
  );
  return { Groups: groups.map((g) => groupType(ctx, g)) };
}

export async function createGroup(ctx: IdentityContext, body: Body) {
  assertPool(ctx, body);
  const name = text(body, 'GroupName', 128);
  if (!/^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u.test(name))
    throw invalidParameter('GroupName has characters that are not allowed.');
  const description = typeof body['Description'] === 'string' ? body['Description'] : '';
  const precedence = typeof body['Precedence'] === 'number' ? body['Precedence'] : null;
  const [group] = await ctx.db
    .insert(identityGroups)
    .values({ name, description, precedence })
    .onConflictDoNothing()
    .returning();
  if (!group) throw new CognitoError('GroupExistsException', 'A group with the name already exists.');
  return { Group: groupType(ctx, group) };
}

export async function listGroups(ctx: IdentityContext, body: Body) {
  assertPool(ctx, body);
  const size = limit(body['Limit']);
  const after = ctx.sealer.open<{ name: string }>('list-groups', body['NextToken']);
  const rows = await ctx.db
    .select()
    .from(identityGroups)
    .where(after ? gt(identityGroups.name, after.name) : undefined)
    .orderBy(asc(identityGroups.name))
    .limit(size + 1);
  const page = rows.slice(0, size);
  return {
    Groups: page.map((g) => groupType(ctx, g)),
    ...(rows.length > size ? { NextToken: ctx.sealer.seal('list-groups', { name: page.at(-1)!.name }, 3600) } : {}),
  };
}

/** The Filter grammar of ListUsers (protocol doc §6.2): `attribute = "value"` or `attribute ^= "value"`. */
export function parseUserFilter(filter: unknown): SQL | undefined {
  if (filter === undefined || filter === '') return undefined;
  const match = typeof filter === 'string' ? /^\s*([a-z_:]+)\s*(\^?=)\s*"((?:[^"\\]|\\.)*)"\s*$/.exec(filter) : null;
  if (!match) throw invalidParameter('Error while parsing filter.');
  const [, attribute = '', op, raw = ''] = match;
  const value = raw.replace(/\\(.)/g, '$1');
  const prefix = op === '^=';
  const like = (column: SQL) =>
    prefix
      ? sql`lower(${column}) like ${startingWith(value.toLowerCase())}`
      : sql`lower(${column}) = ${value.toLowerCase()}`;
  switch (attribute) {
    case 'username':
    case 'sub':
      return prefix
        ? sql`${identityUsers.id}::text like ${startingWith(value)}`
        : sql`${identityUsers.id}::text = ${value}`;
    case 'email':
      return like(sql`${identityUsers.email}`);
    case 'cognito:user_status':
      return like(sql`${identityUsers.status}`);
    case 'status':
      // Case-sensitive, as Cognito documents it.
      if (value !== 'Enabled' && value !== 'Disabled') return sql`false`;
      return eq(identityUsers.enabled, value === 'Enabled');
    case 'phone_number':
    case 'name':
    case 'given_name':
    case 'family_name':
    case 'preferred_username':
      return like(sql`(${identityUsers.attributes} ->> ${attribute})`);
    default:
      throw invalidParameter(`Invalid search attribute: ${attribute}`);
  }
}

interface UserPageToken {
  email: string;
  id: string;
}

async function pageOfUsers(ctx: IdentityContext, body: Body, tokenField: string, where: SQL | undefined) {
  const size = limit(body['Limit']);
  const after = ctx.sealer.open<UserPageToken>('list-users', body[tokenField]);
  if (body[tokenField] !== undefined && !after) throw invalidParameter('Invalid pagination token.');
  const keyset = after
    ? or(
        gt(sql`lower(${identityUsers.email})`, after.email),
        and(eq(sql`lower(${identityUsers.email})`, after.email), gt(identityUsers.id, after.id)),
      )
    : undefined;
  const rows = await ctx.db
    .select()
    .from(identityUsers)
    .where(and(where, keyset))
    .orderBy(sql`lower(${identityUsers.email})`, asc(identityUsers.id))
    .limit(size + 1);
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    Users: page.map(userType),
    ...(rows.length > size && last
      ? { [tokenField]: ctx.sealer.seal('list-users', { email: last.email.toLowerCase(), id: last.id }, 3600) }
      : {}),
  };
}

export async function listUsers(ctx: IdentityContext, body: Body) {
  assertPool(ctx, body);
  return pageOfUsers(ctx, body, 'PaginationToken', parseUserFilter(body['Filter']));
}

export async function listUsersInGroup(ctx: IdentityContext, body: Body) {
  assertPool(ctx, body);
  const group = await existingGroup(ctx, text(body, 'GroupName', 128));
  const members = sql`${identityUsers.id} in (select ${identityUserGroups.userId} from ${identityUserGroups} where ${identityUserGroups.groupName} = ${group.name})`;
  return pageOfUsers(ctx, body, 'NextToken', members);
}

/**
 * Requires (or stops requiring) an authenticator app for one user: their next sign-in asks for
 * MFA setup. Cognito has this only pool-wide; the portal's access-control page sets it per user.
 */
export async function setMfaRequired(ctx: IdentityContext, username: string, required: boolean) {
  const user = await findUser(ctx, username);
  if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
  await ctx.db
    .update(identityUsers)
    .set({ mfaRequired: required, updatedAt: new Date() })
    .where(eq(identityUsers.id, user.id));
}
