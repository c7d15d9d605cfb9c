import { createLocalJWKSet, createRemoteJWKSet, type JWK } from 'jose';
import { createJwksTokenVerifier, type TokenVerifier } from './token-verifier';

/** Amazon Cognito's endpoint in a region; a pool's tokens are issued by it plus the pool's id. */
export const cognitoEndpoint = (region: string) => `https://cognito-idp.${region}.amazonaws.com`;

/**
 * A Cognito user pool's tokens (decision record 0055): checked against the pool's keys at
 * `<endpoint>/<pool id>/.well-known/jwks.json`, fetched on first use and again for a key id not
 * seen yet, with the same claim checks as every token (decision record 0004). The endpoint is
 * Amazon's for the region, or `AUTH_ENDPOINT`: a Cognito-compatible service standing in for it.
 */
export function createCognitoTokenVerifier(options: {
  endpoint: string;
  userPoolId: string;
  clientId: string;
  /** The pool's keys, when known already (tests); otherwise fetched from the pool on first use. */
  jwks?: { keys: JWK[] };
}): TokenVerifier {
  const issuer = `${options.endpoint}/${options.userPoolId}`;
  return createJwksTokenVerifier({
    issuer,
    clientId: options.clientId,
    keys: options.jwks
      ? createLocalJWKSet(options.jwks)
      : createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`)),
  });
}
