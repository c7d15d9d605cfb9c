import { and, eq, isNull, sql } from 'drizzle-orm';
import { jwtVerify, type JWTPayload } from 'jose';
import { issuerOf } from './config';
import type { IdentityContext } from './context';
import { CognitoError, invalidAccessToken, invalidSession, revokedAccessToken } from './errors';
import { localKeySet } from './keys';
import { identityConsumedSteps, identityDevices, identityRefreshTokens, identityUsers } from './schema';
import { mintTokens, subjectClaims } from './tokens';
import { groupsSql, type User } from './users';

const REFRESH_PURPOSE = 'refresh-token';

interface RefreshPayload {
  jti: string;
  sub: string;
}

/** What a sign-in's session starts with besides its user and client. */
export interface SessionStart {
  /** The device signing in: one already tracked (marked as used now), or a new one to track. */
  device: { tracked: string } | { added: { deviceKey: string; groupKey: string } };
  /** A sign-in step to mark taken by the same statement; if it already was, nothing is written. */
  step?: { id: string; expiresAt: Date };
}

/**
 * Starts a sign-in session: the step taken, the device tracked or marked used, a refresh-token
 * row and the groups the tokens carry, all in one statement (decision records 0058 and 0068);
 * then the three tokens. A step already taken (a replayed request) is an invalid session.
 */
export async function startSession(ctx: IdentityContext, user: User, clientId: string, start: SessionStart) {
  const authTime = new Date();
  const at = authTime.toISOString();
  const ttlSeconds = ctx.config.refreshTokenDays * 86_400;
  const expiresAt = new Date(authTime.getTime() + ttlSeconds * 1000).toISOString();
  const deviceKey = 'tracked' in start.device ? start.device.tracked : start.device.added.deviceKey;
  // `gate` has a row only when the step is taken now (or there is none to take): without it the
  // device and session statements, which read from it, write nothing.
  const gate = start.step
    ? sql`insert into ${identityConsumedSteps} (id, expires_at)
          values (${start.step.id}, ${start.step.expiresAt.toISOString()}::timestamptz)
          on conflict do nothing returning id`
    : sql`select 1`;
  const device =
    'tracked' in start.device
      ? sql`update ${identityDevices} set last_authenticated_at = ${at}::timestamptz
            where device_key = ${deviceKey} and exists (select from gate) returning device_key`
      : sql`insert into ${identityDevices} (device_key, group_key, user_id)
            select ${deviceKey}, ${start.device.added.groupKey}, ${user.id}::uuid from gate returning device_key`;
  // A data-modifying WITH clause runs whether or not the query reads it (PostgreSQL manual, 7.8.4).
  const result = await ctx.db.execute(sql`
    with gate as (${gate}),
      device as (${device}),
      session as (
        insert into ${identityRefreshTokens} (user_id, client_id, device_key, auth_time, expires_at)
        select ${user.id}::uuid, ${clientId}, ${deviceKey}, ${at}::timestamptz, ${expiresAt}::timestamptz from gate
        returning id)
    select id, ${groupsSql(user.id)} as groups from session`);
  // Both drivers answer raw statements with `rows`.
  const [row] = (result as { rows: { id: string; groups: string[] }[] }).rows;
  if (!row) throw invalidSession();
  const tokens = await mintTokens(
    await ctx.currentKeys(),
    ctx.config,
    { id: user.id, email: user.email, attributes: user.attributes, groups: row.groups },
    { originJti: row.id, authTime, deviceKey },
  );
  const RefreshToken = ctx.sealer.seal(
    REFRESH_PURPOSE,
    { jti: row.id, sub: user.id } satisfies RefreshPayload,
    ttlSeconds,
  );
  return { ...tokens, RefreshToken };
}

const invalidRefreshToken = () => new CognitoError('NotAuthorizedException', 'Invalid Refresh Token');

/**
 * New id and access tokens from a refresh token, for both refresh paths (protocol doc §4.4).
 * The refresh token is not rotated: old clients discard a rotated one.
 */
export async function refreshSession(ctx: IdentityContext, clientId: unknown, refreshToken: unknown) {
  const payload = ctx.sealer.open<RefreshPayload>(REFRESH_PURPOSE, refreshToken);
  if (!payload) throw invalidRefreshToken();
  // The session, its user and their groups in one round trip (decision record 0058).
  const [found] = await ctx.db
    .select({ row: identityRefreshTokens, user: identityUsers, groups: groupsSql(identityRefreshTokens.userId) })
    .from(identityRefreshTokens)
    .leftJoin(identityUsers, eq(identityUsers.id, identityRefreshTokens.userId))
    .where(eq(identityRefreshTokens.id, payload.jti));
  const row = found?.row;
  if (!row || row.userId !== payload.sub || row.clientId !== clientId) throw invalidRefreshToken();
  if (row.revokedAt) throw new CognitoError('NotAuthorizedException', 'Refresh Token has been revoked');
  if (row.expiresAt.getTime() < Date.now())
    throw new CognitoError('NotAuthorizedException', 'Refresh Token has expired');
  const user = found.user;
  if (!user) throw invalidRefreshToken();
  if (!user.enabled) throw new CognitoError('NotAuthorizedException', 'User is disabled.');
  if (user.tokensValidAfter && user.tokensValidAfter > row.createdAt)
    throw new CognitoError('NotAuthorizedException', 'Refresh Token has been revoked');
  return mintTokens(
    await ctx.currentKeys(),
    ctx.config,
    { id: user.id, email: user.email, attributes: user.attributes, groups: found.groups },
    { originJti: row.id, authTime: row.authTime, deviceKey: row.deviceKey },
  );
}

/** RevokeToken: ends the session the refresh token belongs to, if it was issued to this client. */
export async function revokeRefreshToken(ctx: IdentityContext, clientId: unknown, token: unknown) {
  const payload = ctx.sealer.open<RefreshPayload>(REFRESH_PURPOSE, token);
  if (!payload) throw new CognitoError('UnsupportedTokenTypeException', 'Unsupported token type.');
  const [row] = await ctx.db.select().from(identityRefreshTokens).where(eq(identityRefreshTokens.id, payload.jti));
  if (!row) return;
  if (row.clientId !== clientId) throw new CognitoError('UnauthorizedException', 'Token is not issued to this client.');
  await ctx.db
    .update(identityRefreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(identityRefreshTokens.id, row.id), isNull(identityRefreshTokens.revokedAt)));
  ctx.userChanged?.(row.userId);
}

/** Ends every session of a user (GlobalSignOut, AdminUserGlobalSignOut, disable, reset). */
export async function endAllSessions(ctx: IdentityContext, userId: string) {
  const now = new Date();
  await ctx.db.update(identityUsers).set({ tokensValidAfter: now }).where(eq(identityUsers.id, userId));
  await ctx.db
    .update(identityRefreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(identityRefreshTokens.userId, userId), isNull(identityRefreshTokens.revokedAt)));
  ctx.userChanged?.(userId);
}

/**
 * What a token minted now for this token's session would say of its user (`subjectClaims`), or
 * undefined when tokens of the session no longer count: the session revoked or gone, the user
 * disabled, deleted or signed out everywhere since. One statement: the session, its user and
 * their groups. The API server asks this whenever it checks a token in full in embedded mode.
 */
export async function currentClaims(
  ctx: Pick<IdentityContext, 'db'>,
  claims: { sub?: unknown; origin_jti?: unknown },
): Promise<Record<string, unknown> | undefined> {
  if (typeof claims.sub !== 'string' || typeof claims.origin_jti !== 'string') return undefined;
  const [row] = await ctx.db
    .select({
      revokedAt: identityRefreshTokens.revokedAt,
      startedAt: identityRefreshTokens.createdAt,
      user: identityUsers,
      groups: groupsSql(identityUsers.id),
    })
    .from(identityRefreshTokens)
    .innerJoin(identityUsers, eq(identityUsers.id, identityRefreshTokens.userId))
    .where(and(eq(identityRefreshTokens.id, claims.origin_jti), eq(identityRefreshTokens.userId, claims.sub)));
  if (!row || row.revokedAt || !row.user.enabled) return undefined;
  // Compared with the session's start (milliseconds), not the token's iat (whole seconds), so a
  // sign-in in the same second after a global sign-out still counts.
  const validAfter = row.user.tokensValidAfter;
  if (validAfter && validAfter > row.startedAt) return undefined;
  return subjectClaims({ ...row.user, groups: row.groups });
}

/**
 * Whether tokens minted for a session still count: the session not revoked, the user enabled and
 * not globally signed out since.
 */
export async function sessionActive(ctx: Pick<IdentityContext, 'db'>, claims: { sub?: unknown; origin_jti?: unknown }) {
  return (await currentClaims(ctx, claims)) !== undefined;
}

/**
 * Checks the AccessToken of a token-authorized operation (protocol doc §5.2): signature, expiry,
 * `token_use`, client, scope, and that its session is still active; returns the user.
 */
export async function userFromAccessToken(ctx: IdentityContext, accessToken: unknown): Promise<User> {
  if (typeof accessToken !== 'string') throw new CognitoError('InvalidParameterException', 'AccessToken is required.');
  let claims: JWTPayload;
  const { jwks } = await ctx.currentKeys();
  try {
    ({ payload: claims } = await jwtVerify(accessToken, localKeySet(jwks), {
      issuer: issuerOf(ctx.config),
      algorithms: ['RS256'],
      // jose checks exp only when it is there; a token that never ends is no token.
      requiredClaims: ['exp', 'iat', 'sub', 'token_use'],
    }));
  } catch {
    throw invalidAccessToken();
  }
  if (claims['token_use'] !== 'access' || claims['client_id'] !== ctx.config.clientId) throw invalidAccessToken();
  if (
    !(typeof claims['scope'] === 'string' ? claims['scope'] : '').split(' ').includes('aws.cognito.signin.user.admin')
  )
    throw invalidAccessToken();
  if (!(await sessionActive(ctx, claims))) throw revokedAccessToken();
  const [user] = await ctx.db
    .select()
    .from(identityUsers)
    .where(eq(identityUsers.id, String(claims.sub)));
  if (!user) throw revokedAccessToken();
  return user;
}
