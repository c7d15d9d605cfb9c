import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { IdentityConfig } from './config';
import { issuerOf } from './config';
import type { IdentityKeys } from './keys';

export interface TokenSubject {
  id: string;
  email: string;
  attributes: Record<string, string>;
  groups: string[];
}

export interface IssuedTokens {
  AccessToken: string;
  IdToken: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
}

/**
 * What an id token says of its user, as minted now: the attributes (custom ones as strings), the
 * e-mail, whether it and the phone number are verified, and the groups. The API compares a token's
 * claims with these to notice a change made since it was minted (docs/product/identity.md §7).
 */
export function subjectClaims(subject: TokenSubject): Record<string, unknown> {
  const { email_verified, phone_number_verified, ...attributes } = subject.attributes;
  return {
    ...attributes,
    email: subject.email,
    email_verified: email_verified === 'true',
    ...(attributes['phone_number'] ? { phone_number_verified: phone_number_verified === 'true' } : {}),
    ...(subject.groups.length > 0 ? { 'cognito:groups': subject.groups } : {}),
  };
}

/**
 * Mints Cognito-shaped id and access tokens (protocol doc §4.3) for one sign-in session:
 * `origin_jti` names the refresh-token row, so revoking it kills every token minted from it;
 * `auth_time` stays at the original sign-in across refreshes; custom attributes go into the id
 * token as strings.
 */
export async function mintTokens(
  keys: IdentityKeys,
  config: IdentityConfig,
  subject: TokenSubject,
  session: { originJti: string; authTime: Date; deviceKey?: string | null },
): Promise<IssuedTokens> {
  const now = Math.floor(Date.now() / 1000);
  const exp = now + config.accessTokenSeconds;
  const issuer = issuerOf(config);
  const eventId = randomUUID();
  const authTime = Math.floor(session.authTime.getTime() / 1000);
  const groups = subject.groups.length > 0 ? { 'cognito:groups': subject.groups } : {};

  const access = new SignJWT({
    sub: subject.id,
    client_id: config.clientId,
    origin_jti: session.originJti,
    event_id: eventId,
    token_use: 'access',
    scope: 'aws.cognito.signin.user.admin',
    auth_time: authTime,
    username: subject.id,
    ...groups,
    ...(session.deviceKey ? { device_key: session.deviceKey } : {}),
  })
    .setProtectedHeader({ alg: 'RS256', kid: keys.access.kid })
    .setIssuer(issuer)
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .setJti(randomUUID())
    .sign(keys.access.privateKey);

  const id = new SignJWT({
    ...subjectClaims(subject),
    sub: subject.id,
    token_use: 'id',
    auth_time: authTime,
    'cognito:username': subject.id,
    origin_jti: session.originJti,
    event_id: eventId,
  })
    .setProtectedHeader({ alg: 'RS256', kid: keys.id.kid })
    .setIssuer(issuer)
    .setAudience(config.clientId)
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .setJti(randomUUID())
    .sign(keys.id.privateKey);

  return { AccessToken: await access, IdToken: await id, ExpiresIn: config.accessTokenSeconds, TokenType: 'Bearer' };
}
