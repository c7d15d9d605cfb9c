import { exportJWK, generateKeyPair, SignJWT, createLocalJWKSet, type JWTPayload } from 'jose';
import { createJwksTokenVerifier, type TokenVerifier } from '../auth/token-verifier';

export const TEST_ISSUER = 'http://localhost:3000/identity/ap-southeast-1_StaffPortal';
export const TEST_CLIENT_ID = 'staffportalweb';

async function keyPair(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { privateKey, jwk, kid };
}

/**
 * Signs Cognito-shaped tokens with a key pair made for the test run, and gives the matching
 * verifier: the real verification code runs against a real JWKS, only the issuer is local.
 */
export async function createTestTokens() {
  const trusted = await keyPair('test-key-1');
  const stranger = await keyPair('test-key-1'); // same kid, different key: a forged signature
  const verifier: TokenVerifier = createJwksTokenVerifier({
    issuer: TEST_ISSUER,
    clientId: TEST_CLIENT_ID,
    keys: createLocalJWKSet({ keys: [trusted.jwk] }),
  });

  async function sign(
    claims: JWTPayload,
    options: { key?: 'trusted' | 'stranger'; expiresIn?: string | number; issuer?: string } = {},
  ) {
    const pair = options.key === 'stranger' ? stranger : trusted;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: pair.kid })
      .setIssuer(options.issuer ?? TEST_ISSUER)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '1h')
      .sign(pair.privateKey);
  }

  interface UserClaims {
    sub: string;
    email?: string;
    groups?: string[];
  }

  return {
    verifier,
    sign,
    idToken(user: UserClaims, extra: JWTPayload = {}, options?: Parameters<typeof sign>[1]) {
      return sign(
        {
          sub: user.sub,
          aud: TEST_CLIENT_ID,
          token_use: 'id',
          'cognito:username': user.sub,
          email: user.email ?? `${user.sub}@staffportal.example`,
          email_verified: true,
          ...(user.groups ? { 'cognito:groups': user.groups } : {}),
          ...extra,
        },
        options,
      );
    },
    accessToken(user: UserClaims, extra: JWTPayload = {}, options?: Parameters<typeof sign>[1]) {
      return sign(
        {
          sub: user.sub,
          client_id: TEST_CLIENT_ID,
          token_use: 'access',
          username: user.sub,
          scope: 'aws.cognito.signin.user.admin',
          ...(user.groups ? { 'cognito:groups': user.groups } : {}),
          ...extra,
        },
        options,
      );
    },
  };
}
export type TestTokens = Awaited<ReturnType<typeof createTestTokens>>;
