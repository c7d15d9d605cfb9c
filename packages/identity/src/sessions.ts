import { and, eq, isNull } from 'drizzle-orm';
import { jwtVerify, type JWTPayload } from 'jose';
import { issuerOf } from './config';
import type { IdentityContext } from './context';
import { CognitoError, invalidAccessToken, revokedAccessToken } from './errors';
import { localKeySet } from './keys';
import { identityRefreshTokens, identityUsers } from './schema';
import { mintTokens } from './tokens';
import { groupsSql, type User } from './users';

const REFRESH_PURPOSE = 'refresh-token';

interface RefreshPayload {
  jti: string;
  sub: string;
}

/** Starts a sign-in session: a refresh-token row, and the three tokens. */
export async function startSession(ctx: IdentityContext, user: User, clientId: string, deviceKey?: string | null) {
  const authTime = new Date();
  const ttlSeconds = ctx.config.refreshTokenDays * 86_400;
  const [row] = await ctx.db
    .insert(identityRefreshTokens)
    .values({
      userId: user.id,
      clientId,
      deviceKey: deviceKey ?? null,
      authTime,
      expiresAt: new Date(authTime.getTime() + ttlSeconds * 1000),
    })
    // The groups the tokens carry, read by the same statement: one round trip (decision record 0058).
    .returning({ id: identityRefreshTokens.id, groups: groupsSql(user.id) });
  const tokens = await mintTokens(
    await ctx.currentKeys(),
    ctx.config,
    { id: user.id, email: user.email, attributes: user.attributes, groups: row!.groups },
    { originJti: row!.id, authTime, deviceKey },
  );
  const RefreshToken = ctx.sealer.seal(
    REFRESH_PURPOSE,
    { jti: row!.id, sub: user.id } satisfies RefreshPayload,
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
  ctx.sessionsEnded?.(row.userId);
}

/** Ends every session of a user (GlobalSignOut, AdminUserGlobalSignOut, disable, reset). */
export async function endAllSessions(ctx: IdentityContext, userId: string) {
  const now = new Date();
  await ctx.db.update(identityUsers).set({ tokensValidAfter: now }).where(eq(identityUsers.id, userId));
  await ctx.db
    .update(identityRefreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(identityRefreshTokens.userId, userId), isNull(identityRefreshTokens.revokedAt)));
  ctx.sessionsEnded?.(userId);
}

/**
 * Whether tokens minted for a session still count: the session not revoked, the user enabled and
 * not globally signed out since. The API server asks this for every request in embedded mode.
 */
export async function sessionActive(ctx: Pick<IdentityContext, 'db'>, claims: { sub?: unknown; origin_jti?: unknown }) {
  if (typeof claims.sub !== 'string' || typeof claims.origin_jti !== 'string') return false;
  const [row] = await ctx.db
    .select({
      revokedAt: identityRefreshTokens.revokedAt,
      startedAt: identityRefreshTokens.createdAt,
      enabled: identityUsers.enabled,
      validAfter: identityUsers.tokensValidAfter,
    })
    .from(identityRefreshTokens)
    .innerJoin(identityUsers, eq(identityUsers.id, identityRefreshTokens.userId))
    .where(and(eq(identityRefreshTokens.id, claims.origin_jti), eq(identityRefreshTokens.userId, claims.sub)));
  if (!row || row.revokedAt || !row.enabled) return false;
  // Compared with the session's start (milliseconds), not the token's iat (whole seconds), so a
  // sign-in in the same second after a global sign-out still counts.
  return !row.validAfter || row.validAfter <= row.startedAt;
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
