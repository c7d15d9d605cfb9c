import { isDeepStrictEqual } from 'node:util';
import { errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { PASSWORD_CHANGED_ATTRIBUTE } from '@staff-portal/shared/constants';
import { AppError, unauthenticated } from '@staff-portal/shared/errors';

export type TokenUse = 'id' | 'access';

/** What the API knows about the caller, taken only from a verified token. */
export interface TokenUser {
  sub: string;
  username: string;
  email: string | undefined;
  /** Departments, from `cognito:groups` and nowhere else (docs/product/identity.md). */
  groups: string[];
  tokenUse: TokenUse;
  claims: JWTPayload;
}

/** The caller's name as their token gives it: its `name` claim, else the e-mail, else the username. */
export function tokenUserName(user: TokenUser): string {
  const name = user.claims['name'];
  return typeof name === 'string' && name !== '' ? name : (user.email ?? user.username);
}

/**
 * Verifies Cognito-shaped tokens: signature, issuer, `exp` and `iat` (both required), `token_use`,
 * and the client (`aud` for id tokens, `client_id` for access tokens). The embedded identity service and
 * Amazon Cognito are both used through this one interface.
 */
export interface TokenVerifier {
  verify(token: string, allowed: readonly TokenUse[]): Promise<TokenUser>;
}

const invalidToken = () => unauthenticated('Invalid or expired token.');

/** A token that says less or more of its user than is true now: its refresh brings one that does not. */
export const accessChanged = () =>
  unauthenticated('Your access has changed since you signed in. Please sign in again.');

/**
 * The claims the portal reads of a token (docs/product/identity.md §7): the departments, the
 * e-mail and whether it is verified (staff-record linking), the name (audit and authorship) and
 * the last password change (expiry). Access tokens carry only the departments of these.
 */
export const CLAIMS_READ: Readonly<Record<TokenUse, readonly string[]>> = {
  id: ['cognito:groups', 'email', 'email_verified', 'name', PASSWORD_CHANGED_ATTRIBUTE],
  access: ['cognito:groups'],
};

/** How far a token's `iat` may be ahead of this server's clock. */
const CLOCK_SKEW_SECONDS = 300;

/**
 * The checks every verifier makes after the signature: the token says when it was issued and
 * when it ends (a token without `exp` would never end), what it is for, and which client it was
 * issued to. Libraries check `exp` only when it is there, so its presence is required here.
 */
export function toTokenUser(claims: JWTPayload, allowed: readonly TokenUse[], clientId: string): TokenUser {
  const seconds = Date.now() / 1000;
  if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp) || claims.exp <= seconds) throw invalidToken();
  if (typeof claims.iat !== 'number' || !Number.isFinite(claims.iat) || claims.iat > seconds + CLOCK_SKEW_SECONDS)
    throw invalidToken();
  const use = claims['token_use'];
  if ((use !== 'id' && use !== 'access') || !allowed.includes(use)) throw invalidToken();
  const audience = use === 'id' ? claims.aud : claims['client_id'];
  if (audience !== clientId && !(Array.isArray(audience) && audience.includes(clientId))) throw invalidToken();
  if (typeof claims.sub !== 'string' || claims.sub === '') throw invalidToken();
  const groups = claims['cognito:groups'];
  const username = use === 'id' ? claims['cognito:username'] : claims['username'];
  const email = claims['email'];
  return {
    sub: claims.sub,
    username: typeof username === 'string' ? username : claims.sub,
    email: typeof email === 'string' ? email : undefined,
    groups: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [],
    tokenUse: use,
    claims,
  };
}

/** A verifier over any JWKS: the embedded identity service's keys, local or fetched. */
export function createJwksTokenVerifier(options: {
  issuer: string;
  clientId: string;
  keys: JWTVerifyGetKey;
  /**
   * The embedded identity service's own record of the token's session: undefined once it ended
   * (RevokeToken, GlobalSignOut, disabled, deleted, reset), else what a token minted now would say
   * of its user. A token whose claims the portal reads say otherwise is refused as out of date.
   */
  currentClaims?: (claims: JWTPayload) => Promise<Record<string, unknown> | undefined>;
}): TokenVerifier {
  return {
    async verify(token, allowed) {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, options.keys, {
          issuer: options.issuer,
          algorithms: ['RS256'],
          requiredClaims: ['exp', 'iat', 'sub', 'token_use'],
        }));
      } catch (error) {
        if (error instanceof joseErrors.JOSEError && !(error instanceof joseErrors.JWKSTimeout)) throw invalidToken();
        throw new AppError('NOT_READY', 'The identity service could not be reached to check the token.');
      }
      const user = toTokenUser(payload, allowed, options.clientId);
      if (options.currentClaims) {
        const current = await options.currentClaims(payload);
        if (current === undefined) throw invalidToken();
        if (CLAIMS_READ[user.tokenUse].some((name) => !isDeepStrictEqual(payload[name], current[name])))
          throw accessChanged();
      }
      return user;
    },
  };
}
