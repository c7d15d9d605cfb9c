import { exportJWK, generateKeyPair, SignJWT, createLocalJWKSet, type JWTPayload, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { createCognitoTokenVerifier } from './cognito-token-verifier';
import { createJwksTokenVerifier, type TokenVerifier } from './token-verifier';

// Every token the API takes must say when it was issued and when it ends, what it is for and
// which client it was issued to, whichever verifier checks it (decision record 0004).
const CLIENT_ID = 'staffportalweb';
const POOL_ID = 'ap-southeast-1_TestPool';
const EMBEDDED_ISSUER = `http://localhost:3000/identity/${POOL_ID}`;
const COGNITO_ISSUER = `https://cognito-idp.ap-southeast-1.amazonaws.com/${POOL_ID}`;

const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
const now = Math.floor(Date.now() / 1000);

const verifiers: [string, string, TokenVerifier][] = [
  [
    'the JWKS verifier (embedded)',
    EMBEDDED_ISSUER,
    createJwksTokenVerifier({
      issuer: EMBEDDED_ISSUER,
      clientId: CLIENT_ID,
      keys: createLocalJWKSet({ keys: [publicJwk] }),
    }),
  ],
  [
    'the Cognito verifier',
    COGNITO_ISSUER,
    createCognitoTokenVerifier({
      endpoint: 'https://cognito-idp.ap-southeast-1.amazonaws.com',
      userPoolId: POOL_ID,
      clientId: CLIENT_ID,
      jwks: { keys: [publicJwk] },
    }),
  ],
];

/** An id token as Cognito makes it, less what `omit` names, with `extra` claims over it. */
function idToken(issuer: string, omit: string[] = [], extra: JWTPayload = {}) {
  const claims: JWTPayload = {
    sub: 'a1b2c3',
    aud: CLIENT_ID,
    token_use: 'id',
    iss: issuer,
    iat: now,
    exp: now + 3600,
    'cognito:username': 'a1b2c3',
    ...extra,
  };
  for (const name of omit) delete claims[name];
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).sign(privateKey);
}

function accessToken(issuer: string, extra: JWTPayload = {}) {
  return new SignJWT({
    sub: 'a1b2c3',
    client_id: CLIENT_ID,
    token_use: 'access',
    iss: issuer,
    iat: now,
    exp: now + 3600,
    username: 'a1b2c3',
    ...extra,
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .sign(privateKey);
}

describe.each(verifiers)('%s', (_name, issuer, verifier) => {
  it('accepts a complete id token and a complete access token', async () => {
    await expect(verifier.verify(await idToken(issuer), ['id'])).resolves.toMatchObject({ sub: 'a1b2c3' });
    await expect(verifier.verify(await accessToken(issuer), ['access'])).resolves.toMatchObject({ sub: 'a1b2c3' });
  });

  const refusals: [string, () => Promise<string>][] = [
    ['no exp', () => idToken(issuer, ['exp'])],
    ['no iat', () => idToken(issuer, ['iat'])],
    ['no token_use', () => idToken(issuer, ['token_use'])],
    ['no aud', () => idToken(issuer, ['aud'])],
    ['exp that is not a number', () => idToken(issuer, [], { exp: `${now + 3600}` as never })],
    ['iat in the future', () => idToken(issuer, [], { iat: now + 3600, exp: now + 7200 })],
    ['another client (aud)', () => idToken(issuer, [], { aud: 'someoneelse' })],
    ['another client (client_id)', () => accessToken(issuer, { client_id: 'someoneelse' })],
    ['an access token without client_id', () => accessToken(issuer, { client_id: undefined })],
  ];
  it.each(refusals)('refuses a token with %s', async (_case, make) => {
    await expect(verifier.verify(await make(), ['id', 'access'])).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
      status: 401,
    });
  });
});
