import { describe, expect, it } from 'vitest';
import { createTestTokens, TEST_CLIENT_ID } from '../test/tokens';

const tokens = await createTestTokens();
const user = { sub: 'a1b2c3', email: 'hr@staffportal.example', groups: ['HR', 'IR'] };

describe('JWKS token verifier', () => {
  it('accepts a valid id token and takes groups only from cognito:groups', async () => {
    const verified = await tokens.verifier.verify(await tokens.idToken(user, { groups: ['ITAdmin'] }), ['id']);
    expect(verified).toMatchObject({
      sub: 'a1b2c3',
      username: 'a1b2c3',
      email: 'hr@staffportal.example',
      groups: ['HR', 'IR'],
      tokenUse: 'id',
    });
  });

  it('accepts a valid access token where access tokens are allowed', async () => {
    const verified = await tokens.verifier.verify(await tokens.accessToken(user), ['id', 'access']);
    expect(verified.tokenUse).toBe('access');
  });

  it('has no groups when the claim is absent', async () => {
    const verified = await tokens.verifier.verify(await tokens.idToken({ sub: 'x' }), ['id']);
    expect(verified.groups).toEqual([]);
  });

  const refusals: [string, () => Promise<string>, ('id' | 'access')[]][] = [
    ['an access token where an id token is required', () => tokens.accessToken(user), ['id']],
    ['an id token where an access token is required', () => tokens.idToken(user), ['access']],
    ['a forged signature', () => tokens.idToken(user, {}, { key: 'stranger' }), ['id']],
    ['an expired token', () => tokens.idToken(user, {}, { expiresIn: Math.floor(Date.now() / 1000) - 60 }), ['id']],
    ['another issuer', () => tokens.idToken(user, {}, { issuer: 'https://evil.example/ap-southeast-1_X' }), ['id']],
    ['another client (aud)', () => tokens.idToken(user, { aud: 'someoneelse' }), ['id']],
    ['another client (client_id)', () => tokens.accessToken(user, { client_id: 'someoneelse' }), ['access']],
    ['no token_use', () => tokens.sign({ sub: 'x', aud: TEST_CLIENT_ID }), ['id', 'access']],
    ['no subject', () => tokens.sign({ aud: TEST_CLIENT_ID, token_use: 'id' }), ['id']],
    ['garbage', async () => 'not.a.jwt', ['id']],
  ];
  it.each(refusals)('refuses %s with 401', async (_name, make, allowed) => {
    await expect(tokens.verifier.verify(await make(), allowed)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
      status: 401,
    });
  });

  it('refuses an HS256 token even when its secret is the public key', async () => {
    const [header, payload] = (await tokens.idToken(user)).split('.');
    const forged = `${Buffer.from(JSON.stringify({ alg: 'HS256', kid: 'test-key-1' })).toString('base64url')}.${payload}.${header}`;
    await expect(tokens.verifier.verify(forged, ['id'])).rejects.toMatchObject({ status: 401 });
  });
});
