import { CognitoJwtVerifier } from 'aws-jwt-verify';
import type { JWK, JWTPayload } from 'jose';
import { unauthenticated } from '@staff-portal/shared/errors';
import { toTokenUser, type TokenVerifier } from './token-verifier';

/** Amazon Cognito, through AWS's own verifier (it fetches and caches the pool's JWKS). */
export function createCognitoTokenVerifier(options: {
  userPoolId: string;
  clientId: string;
  /** The pool's keys, when known already (tests); otherwise fetched from Cognito on first use. */
  jwks?: { keys: JWK[] };
}): TokenVerifier {
  const verifier = CognitoJwtVerifier.create({
    userPoolId: options.userPoolId,
    clientId: options.clientId,
    tokenUse: null,
  });
  if (options.jwks) verifier.cacheJwks(options.jwks as Parameters<typeof verifier.cacheJwks>[0]);
  return {
    async verify(token, allowed) {
      let payload: JWTPayload;
      try {
        payload = await verifier.verify(token);
      } catch {
        throw unauthenticated('Invalid or expired token.');
      }
      return toTokenUser(payload, allowed, options.clientId);
    },
  };
}
